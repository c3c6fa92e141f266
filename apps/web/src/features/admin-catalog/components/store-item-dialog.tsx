import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_LIMITS, adminStoreItemForm, type AdminStoreItem } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
import { FormSwitch } from '../../../components/ui/form-switch';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useToast } from '../../../components/ui/toast';
import { PicturePicker } from '../../../components/admin/picture-picker';
import { useCreateStoreItem, useUpdateStoreItem } from '../api';

const AMOUNTS = [
  { key: 'price', label: 'Giá bán (VNĐ)' },
  { key: 'raw_price', label: 'Giá gốc (VNĐ, gạch ngang)' },
  { key: 'coin', label: 'Giá coin' },
  { key: 'gift_coin', label: 'Coin tặng (khi chuyển khoản)' },
] as const;

export interface StoreItemDialogProps {
  platformId: number;
  platformName: string;
  /** The item to edit; null creates one. */
  item: AdminStoreItem | null;
  onClose: () => void;
}

export function StoreItemDialog({ platformId, platformName, item, onClose }: StoreItemDialogProps) {
  const create = useCreateStoreItem();
  const update = useUpdateStoreItem();
  const { showSuccess } = useToast();
  // Amounts are edited as text ('25.000' is fine); the form's schema reads them into numbers.
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(adminStoreItemForm),
    defaultValues: {
      name: item?.name ?? '',
      description: item?.description ?? '',
      picture: item?.picture ? [item.picture] : [],
      price: item ? String(item.price) : '',
      raw_price: item ? String(item.raw_price) : '',
      coin: item ? String(item.coin) : '',
      gift_coin: item ? String(item.gift_coin) : '0',
      is_active: item?.is_active ?? true,
    },
  });
  const [uploading, setUploading] = useState(false);
  const busy = create.isPending || update.isPending;

  const submit = handleSubmit((fields) => {
    const done = () => {
      showSuccess(item ? `Đã lưu ${fields.name}` : `Đã thêm ${fields.name}`);
      onClose();
    };
    if (item) update.mutate({ id: item.id, patch: fields }, { onSuccess: done });
    else create.mutate({ ...fields, platform_id: platformId }, { onSuccess: done });
  });

  return (
    <FormDialog
      title={item ? `Sửa ${item.name}` : `Thêm sản phẩm cho ${platformName}`}
      busy={busy}
      submitLabel="Lưu"
      submitBlocked={uploading}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="name"
          label="Tên sản phẩm"
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.name } }}
        />
        <FormTextField
          control={control}
          name="description"
          label="Mô tả"
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.description } }}
        />
        <Controller
          control={control}
          name="picture"
          render={({ field }) => (
            <PicturePicker
              label="Ảnh sản phẩm"
              value={field.value}
              onChange={field.onChange}
              max={1}
              onBusyChange={setUploading}
            />
          )}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {AMOUNTS.map(({ key, label }) => (
            <FormTextField
              key={key}
              control={control}
              name={key}
              label={label}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          ))}
        </Box>
        <FormSwitch control={control} name="is_active" label="Đang bán (hiện cho khách)" />
      </Stack>
    </FormDialog>
  );
}
