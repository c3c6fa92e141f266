import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_LIMITS, adminPlatformForm, type AdminPlatform } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
import { FormSwitch } from '../../../components/ui/form-switch';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useToast } from '../../../components/ui/toast';
import { PicturePicker } from '../../../components/admin/picture-picker';
import { useCreatePlatform, useUpdatePlatform } from '../api';

export interface PlatformDialogProps {
  /** The platform to edit; null creates one. */
  platform: AdminPlatform | null;
  onClose: () => void;
}

const one = (id: string | null | undefined) => (id ? [id] : []);

export function PlatformDialog({ platform, onClose }: PlatformDialogProps) {
  const create = useCreatePlatform();
  const update = useUpdatePlatform();
  const { showSuccess } = useToast();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(adminPlatformForm),
    defaultValues: {
      name: platform?.name ?? '',
      picture: one(platform?.picture),
      sale_picture: one(platform?.sale_picture),
      need_login: platform?.need_login ?? false,
      is_active: platform?.is_active ?? true,
    },
  });
  const [uploads, setUploads] = useState(0);
  const busy = create.isPending || update.isPending;

  const onBusy = (value: boolean) => setUploads((count) => count + (value ? 1 : -1));

  const submit = handleSubmit((fields) => {
    const done = () => {
      showSuccess(platform ? `Đã lưu ${fields.name}` : `Đã thêm ${fields.name}`);
      onClose();
    };
    if (platform) update.mutate({ id: platform.id, patch: fields }, { onSuccess: done });
    else create.mutate(fields, { onSuccess: done });
  });

  return (
    <FormDialog
      title={platform ? `Sửa ${platform.name}` : 'Thêm trò chơi'}
      busy={busy}
      submitLabel="Lưu"
      submitBlocked={uploads > 0}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="name"
          label="Tên trò chơi"
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.name } }}
        />
        <Controller
          control={control}
          name="picture"
          render={({ field }) => (
            <PicturePicker
              label="Ảnh trò chơi"
              value={field.value}
              onChange={field.onChange}
              max={1}
              onBusyChange={onBusy}
            />
          )}
        />
        <FormSwitch
          control={control}
          name="need_login"
          label="Nạp qua đăng nhập (khách nhập tài khoản và mật khẩu game thay vì UID)"
        />
        <Controller
          control={control}
          name="sale_picture"
          render={({ field }) => (
            <PicturePicker
              label="Ảnh khuyến mãi (banner trang chủ)"
              value={field.value}
              onChange={field.onChange}
              max={1}
              onBusyChange={onBusy}
            />
          )}
        />
        <FormSwitch control={control} name="is_active" label="Đang bán (hiện cho khách)" />
      </Stack>
    </FormDialog>
  );
}
