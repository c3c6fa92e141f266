import { useState } from 'react';
import Box from '@mui/material/Box';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_LIMITS, adminStoreItemForm, type AdminStoreItem } from '@lucky/shared';
import { PictureField } from '../../../components/admin/picture-field';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useCreateStoreItem, useUpdateStoreItem } from '../api';
import { CatalogFormDialog, useSavedThenClose } from './catalog-form-dialog';

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
  const saved = useSavedThenClose(item !== null, onClose);
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

  const submit = handleSubmit((fields) => {
    const onSuccess = saved(fields.name);
    if (item) update.mutate({ id: item.id, patch: fields }, { onSuccess });
    else create.mutate({ ...fields, platform_id: platformId }, { onSuccess });
  });

  return (
    <CatalogFormDialog
      editing={item?.name ?? null}
      addTitle={`Thêm sản phẩm cho ${platformName}`}
      control={control}
      nameLabel="Tên sản phẩm"
      busy={create.isPending || update.isPending}
      submitBlocked={uploading}
      onClose={onClose}
      onSubmit={submit}
    >
      <FormTextField
        control={control}
        name="description"
        label="Mô tả"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.description } }}
      />
      <PictureField control={control} name="picture" label="Ảnh sản phẩm" max={1} onBusyChange={setUploading} />
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
    </CatalogFormDialog>
  );
}
