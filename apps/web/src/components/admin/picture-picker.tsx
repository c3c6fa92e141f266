import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import { useToast } from '../ui/toast';
import { fileUrl } from '../../lib/file-url';
import { PICTURE_TYPES, uploadPicture } from '../../lib/admin-api';

export interface PicturePickerProps {
  /** Names the group and its buttons, e.g. 'Ảnh kết quả'. */
  label: string;
  /** Ids of the stored pictures chosen so far. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** Most pictures allowed; 1 makes a single-picture field (a new upload replaces the old one). */
  max: number;
  /** Told while uploads run, so a form can hold its submit until every picture is stored. */
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
}

/**
 * Uploads pictures as soon as they are chosen (the API re-encodes and stores them by content hash),
 * shows thumbnails of what is stored, and lets each be removed before the form is sent.
 */
export function PicturePicker({ label, value, onChange, max, onBusyChange, disabled }: PicturePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const { showError } = useToast();
  const [busy, setBusy] = useState(false);
  const hintId = useId();
  const single = max === 1;
  const room = single ? 1 : max - value.length;

  const setBusyState = (next: boolean) => {
    setBusy(next);
    onBusyChange?.(next);
  };

  async function upload(files: File[]) {
    if (files.length === 0) return;
    setBusyState(true);
    const ids: string[] = [];
    try {
      // One at a time: the API takes one file a request and stays responsive for other admins.
      for (const file of files.slice(0, room)) ids.push((await uploadPicture(file)).id);
      if (files.length > room) showError(`Chỉ nhận tối đa ${max} ảnh`);
    } catch (error) {
      showError(error);
    } finally {
      setBusyState(false);
      if (ids.length > 0) onChange(single ? ids.slice(-1) : [...value, ...ids]);
    }
  }

  return (
    <Box role="group" aria-label={label} aria-describedby={hintId}>
      <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {value.length > 0 && (
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 1 }}>
          {value.map((id, index) => (
            <Box
              component="li"
              key={id}
              sx={{ position: 'relative', width: 96, height: 96, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
            >
              <Box
                component="img"
                src={fileUrl(id)}
                alt={single ? label : `${label} ${index + 1}`}
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              <IconButton
                size="small"
                aria-label={single ? `Xoá ${label.toLowerCase()}` : `Xoá ảnh ${index + 1}`}
                disabled={disabled || busy}
                onClick={() => onChange(value.filter((other) => other !== id))}
                sx={{
                  position: 'absolute',
                  top: 2,
                  right: 2,
                  bgcolor: 'background.paper',
                  '&:hover': { bgcolor: 'background.paper' },
                }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <AddPhotoAlternateIcon />}
          disabled={disabled || busy || room <= 0}
          onClick={() => input.current?.click()}
        >
          {busy ? 'Đang tải ảnh lên…' : single && value.length > 0 ? 'Đổi ảnh' : 'Chọn ảnh'}
        </Button>
        <Typography id={hintId} variant="caption" color="text.secondary">
          PNG, JPEG hoặc WebP, tối đa 5 MB{single ? '' : `; tối đa ${max} ảnh`}
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        hidden
        accept={PICTURE_TYPES}
        multiple={!single}
        aria-label={`Tải lên: ${label}`}
        tabIndex={-1}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so choosing the same file again still fires a change.
          event.target.value = '';
          void upload(files);
        }}
      />
    </Box>
  );
}
