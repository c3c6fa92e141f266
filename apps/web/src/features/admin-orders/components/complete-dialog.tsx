import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_LIMITS, ORDER_STATUS, TEXTS, adminCompleteForm } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
import { FormTextField } from '../../../components/ui/form-text-field';
import { PictureField } from '../../../components/admin/picture-field';
import { useMoveFromDialog } from './use-move-from-dialog';

export interface CompleteDialogProps {
  orderId: string;
  code: string;
  open: boolean;
  onClose: () => void;
}

/** 1 → 2: the reply and the result pictures the customer will see on the order. */
export function CompleteDialog({ orderId, code, open, onClose }: CompleteDialogProps) {
  const form = useForm({
    resolver: zodResolver(adminCompleteForm),
    defaultValues: { result_comment: '', result_picture: [] as string[] },
  });
  const comment = useWatch({ control: form.control, name: 'result_comment' });
  const [uploading, setUploading] = useState(false);

  const move = useMoveFromDialog({ orderId, reset: () => form.reset(), onClose, onConflict: onClose });

  const submit = form.handleSubmit((result) => {
    move.send(
      { status: ORDER_STATUS.COMPLETED, ...result, expected_status: ORDER_STATUS.PROCESSING },
      `Đã hoàn thành đơn ${code}`,
    );
  });

  return (
    <FormDialog
      open={open}
      title={`Hoàn thành đơn ${code}`}
      busy={move.busy}
      submitLabel="Hoàn thành đơn"
      busyLabel="Đang gửi…"
      submitColor="success"
      submitBlocked={uploading}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={form.control}
          name="result_comment"
          label={TEXTS.adminReply}
          multiline
          minRows={3}
          autoFocus
          helperText={`Khách hàng sẽ thấy nội dung này trong đơn hàng (${comment.length}/${ADMIN_LIMITS.resultComment})`}
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.resultComment } }}
        />
        <PictureField
          control={form.control}
          name="result_picture"
          label={TEXTS.resultPictures}
          max={ADMIN_LIMITS.resultPictures}
          onBusyChange={setUploading}
          disabled={move.busy}
        />
      </Stack>
    </FormDialog>
  );
}
