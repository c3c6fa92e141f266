import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { adminPlatformForm, type AdminPlatform } from '@lucky/shared';
import { PictureField } from '../../../components/admin/picture-field';
import { FormSwitch } from '../../../components/ui/form-switch';
import { useCreatePlatform, useUpdatePlatform } from '../api';
import { CatalogFormDialog, useSavedThenClose } from './catalog-form-dialog';

export interface PlatformDialogProps {
  /** The platform to edit; null creates one. */
  platform: AdminPlatform | null;
  onClose: () => void;
}

const one = (id: string | null | undefined) => (id ? [id] : []);

export function PlatformDialog({ platform, onClose }: PlatformDialogProps) {
  const create = useCreatePlatform();
  const update = useUpdatePlatform();
  const saved = useSavedThenClose(platform !== null, onClose);
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

  const onBusy = (value: boolean) => setUploads((count) => count + (value ? 1 : -1));

  const submit = handleSubmit((fields) => {
    const onSuccess = saved(fields.name);
    if (platform) update.mutate({ id: platform.id, patch: fields }, { onSuccess });
    else create.mutate(fields, { onSuccess });
  });

  return (
    <CatalogFormDialog
      editing={platform?.name ?? null}
      addTitle="Thêm trò chơi"
      control={control}
      nameLabel="Tên trò chơi"
      busy={create.isPending || update.isPending}
      submitBlocked={uploads > 0}
      onClose={onClose}
      onSubmit={submit}
    >
      <PictureField control={control} name="picture" label="Ảnh trò chơi" max={1} onBusyChange={onBusy} />
      <FormSwitch
        control={control}
        name="need_login"
        label="Nạp qua đăng nhập (khách nhập tài khoản và mật khẩu game thay vì UID)"
      />
      <PictureField
        control={control}
        name="sale_picture"
        label="Ảnh khuyến mãi (banner trang chủ)"
        max={1}
        onBusyChange={onBusy}
      />
    </CatalogFormDialog>
  );
}
