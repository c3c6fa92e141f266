import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ADMIN_LIMITS, API_MESSAGES, type AdminStoreItem } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
import { useToast } from '../../../components/ui/toast';
import { PicturePicker } from '../../../components/admin/picture-picker';
import { useCreateStoreItem, useUpdateStoreItem } from '../api';

const AMOUNTS = [
  { key: 'price', label: 'Giá bán (VNĐ)' },
  { key: 'raw_price', label: 'Giá gốc (VNĐ, gạch ngang)' },
  { key: 'coin', label: 'Giá coin' },
  { key: 'gift_coin', label: 'Coin tặng (khi chuyển khoản)' },
] as const;
type AmountKey = (typeof AMOUNTS)[number]['key'];

const AMOUNT_MESSAGE = API_MESSAGES.invalidAmount(ADMIN_LIMITS.amount);

/** A typed amount, or null unless it is a whole number from 0 to the limit ("1.000" is read as 1000). */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s.]/g, '');
  if (!/^\d+$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return value <= ADMIN_LIMITS.amount ? value : null;
}

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
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [picture, setPicture] = useState<string[]>(item?.picture ? [item.picture] : []);
  const [amounts, setAmounts] = useState<Record<AmountKey, string>>({
    price: item ? String(item.price) : '',
    raw_price: item ? String(item.raw_price) : '',
    coin: item ? String(item.coin) : '',
    gift_coin: item ? String(item.gift_coin) : '0',
  });
  const [active, setActive] = useState(item?.is_active ?? true);
  const [uploading, setUploading] = useState(false);
  const [tried, setTried] = useState(false);
  const busy = create.isPending || update.isPending;
  const parsed = Object.fromEntries(AMOUNTS.map(({ key }) => [key, parseAmount(amounts[key])])) as Record<
    AmountKey,
    number | null
  >;
  const nameError = tried && name.trim() === '';

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    const { price, raw_price, coin, gift_coin } = parsed;
    if (name.trim() === '' || price === null || raw_price === null || coin === null || gift_coin === null) return;
    const fields = {
      name: name.trim(),
      description: description.trim(),
      picture: picture[0] ?? null,
      price,
      raw_price,
      coin,
      gift_coin,
      is_active: active,
    };
    const done = () => {
      showSuccess(item ? `Đã lưu ${fields.name}` : `Đã thêm ${fields.name}`);
      onClose();
    };
    if (item) update.mutate({ id: item.id, patch: fields }, { onSuccess: done });
    else create.mutate({ ...fields, platform_id: platformId }, { onSuccess: done });
  }

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
        <TextField
          label="Tên sản phẩm"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          autoFocus
          error={nameError}
          helperText={nameError ? API_MESSAGES.nameRequired : undefined}
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.name } }}
        />
        <TextField
          label="Mô tả"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.description } }}
        />
        <PicturePicker label="Ảnh sản phẩm" value={picture} onChange={setPicture} max={1} onBusyChange={setUploading} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {AMOUNTS.map(({ key, label }) => {
            const invalid = tried && parsed[key] === null;
            return (
              <TextField
                key={key}
                label={label}
                value={amounts[key]}
                onChange={(event) => setAmounts((previous) => ({ ...previous, [key]: event.target.value }))}
                required
                error={invalid}
                helperText={invalid ? AMOUNT_MESSAGE : undefined}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            );
          })}
        </Box>
        <FormControlLabel
          control={<Switch checked={active} onChange={(event) => setActive(event.target.checked)} />}
          label="Đang bán (hiện cho khách)"
        />
      </Stack>
    </FormDialog>
  );
}
