import { useState, type FormEvent } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ADMIN_LIMITS, ORDER_STATUS, TEXTS } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { PicturePicker } from '../../../components/admin/picture-picker';
import { useMoveOrder } from '../api';

export interface CompleteDialogProps {
  orderId: string;
  code: string;
  open: boolean;
  onClose: () => void;
}

/** 1 → 2: the reply and the result pictures the customer will see on the order. */
export function CompleteDialog({ orderId, code, open, onClose }: CompleteDialogProps) {
  const move = useMoveOrder(orderId);
  const { showSuccess } = useToast();
  const [comment, setComment] = useState('');
  const [pictures, setPictures] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    move.mutate(
      {
        status: ORDER_STATUS.COMPLETED,
        result_comment: comment.trim(),
        result_picture: pictures,
        expected_status: ORDER_STATUS.PROCESSING,
      },
      {
        onSuccess: () => {
          showSuccess(`Đã hoàn thành đơn ${code}`);
          setComment('');
          setPictures([]);
          onClose();
        },
        // Someone else moved the order: the page reloads it, so the dialog has nothing left to do.
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) onClose();
        },
      },
    );
  }

  return (
    <FormDialog
      open={open}
      title={`Hoàn thành đơn ${code}`}
      busy={move.isPending}
      submitLabel="Hoàn thành đơn"
      busyLabel="Đang gửi…"
      submitColor="success"
      submitBlocked={uploading}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={TEXTS.adminReply}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          multiline
          minRows={3}
          autoFocus
          helperText={`Khách hàng sẽ thấy nội dung này trong đơn hàng (${comment.length}/${ADMIN_LIMITS.resultComment})`}
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.resultComment } }}
        />
        <PicturePicker
          label={TEXTS.resultPictures}
          value={pictures}
          onChange={setPictures}
          max={ADMIN_LIMITS.resultPictures}
          onBusyChange={setUploading}
          disabled={move.isPending}
        />
      </Stack>
    </FormDialog>
  );
}
