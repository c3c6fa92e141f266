import { useState, type FormEvent } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ADMIN_LIMITS, API_MESSAGES, type AdminPlatform } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
import { useToast } from '../../../components/ui/toast';
import { PicturePicker } from '../../../components/admin/picture-picker';
import { useCreatePlatform, useUpdatePlatform } from '../api';

export interface PlatformDialogProps {
  /** The platform to edit; null creates one. */
  platform: AdminPlatform | null;
  onClose: () => void;
}

const one = (id: string | null) => (id ? [id] : []);

export function PlatformDialog({ platform, onClose }: PlatformDialogProps) {
  const create = useCreatePlatform();
  const update = useUpdatePlatform();
  const { showSuccess } = useToast();
  const [name, setName] = useState(platform?.name ?? '');
  const [picture, setPicture] = useState<string[]>(one(platform?.picture ?? null));
  const [salePicture, setSalePicture] = useState<string[]>(one(platform?.sale_picture ?? null));
  const [needLogin, setNeedLogin] = useState(platform?.need_login ?? false);
  const [active, setActive] = useState(platform?.is_active ?? true);
  const [uploads, setUploads] = useState(0);
  const [tried, setTried] = useState(false);
  const busy = create.isPending || update.isPending;
  const nameError = tried && name.trim() === '';

  const onBusy = (value: boolean) => setUploads((count) => count + (value ? 1 : -1));

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (name.trim() === '') return;
    const fields = {
      name: name.trim(),
      picture: picture[0] ?? null,
      sale_picture: salePicture[0] ?? null,
      need_login: needLogin,
      is_active: active,
    };
    const done = () => {
      showSuccess(platform ? `Đã lưu ${fields.name}` : `Đã thêm ${fields.name}`);
      onClose();
    };
    if (platform) update.mutate({ id: platform.id, patch: fields }, { onSuccess: done });
    else create.mutate(fields, { onSuccess: done });
  }

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
        <TextField
          label="Tên trò chơi"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          autoFocus
          error={nameError}
          helperText={nameError ? API_MESSAGES.nameRequired : undefined}
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.name } }}
        />
        <PicturePicker label="Ảnh trò chơi" value={picture} onChange={setPicture} max={1} onBusyChange={onBusy} />
        <FormControlLabel
          control={<Switch checked={needLogin} onChange={(event) => setNeedLogin(event.target.checked)} />}
          label="Nạp qua đăng nhập (khách nhập tài khoản và mật khẩu game thay vì UID)"
        />
        <PicturePicker
          label="Ảnh khuyến mãi (banner trang chủ)"
          value={salePicture}
          onChange={setSalePicture}
          max={1}
          onBusyChange={onBusy}
        />
        <FormControlLabel
          control={<Switch checked={active} onChange={(event) => setActive(event.target.checked)} />}
          label="Đang bán (hiện cho khách)"
        />
      </Stack>
    </FormDialog>
  );
}
