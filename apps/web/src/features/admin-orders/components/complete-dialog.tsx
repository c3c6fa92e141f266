import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ADMIN_LIMITS, ORDER_STATUS, TEXTS } from '@lucky/shared';
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

  const close = () => {
    if (move.isPending) return;
    onClose();
  };

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
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="complete-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="complete-dialog-title">Hoàn thành đơn {code}</DialogTitle>
        <DialogContent>
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
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={move.isPending}>
            Huỷ
          </Button>
          <Button type="submit" variant="contained" color="success" disabled={move.isPending || uploading}>
            {move.isPending ? 'Đang gửi…' : 'Hoàn thành đơn'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
