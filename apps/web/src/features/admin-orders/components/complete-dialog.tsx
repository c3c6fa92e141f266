import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_LIMITS, ORDER_STATUS, TEXTS, adminCompleteForm } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
import { FormTextField } from '../../../components/ui/form-text-field';
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
  const form = useForm({
    resolver: zodResolver(adminCompleteForm),
    defaultValues: { result_comment: '', result_picture: [] as string[] },
  });
  const comment = useWatch({ control: form.control, name: 'result_comment' });
  const [uploading, setUploading] = useState(false);

  const submit = form.handleSubmit((result) => {
    move.mutate(
      { status: ORDER_STATUS.COMPLETED, ...result, expected_status: ORDER_STATUS.PROCESSING },
      {
        onSuccess: () => {
          showSuccess(`Đã hoàn thành đơn ${code}`);
          form.reset();
          onClose();
        },
        // Someone else moved the order: the page reloads it, so the dialog has nothing left to do.
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) onClose();
        },
      },
    );
  });

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
        <Controller
          control={form.control}
          name="result_picture"
          render={({ field }) => (
            <PicturePicker
              label={TEXTS.resultPictures}
              value={field.value}
              onChange={field.onChange}
              max={ADMIN_LIMITS.resultPictures}
              onBusyChange={setUploading}
              disabled={move.isPending}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
