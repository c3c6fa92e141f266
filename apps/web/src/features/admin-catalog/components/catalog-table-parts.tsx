import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import { useToast } from '../../../components/ui/toast';
import { fileUrl } from '../../../lib/file-url';

export function Thumb({ id, alt }: { id: string | null; alt: string }) {
  if (!id) {
    return (
      <Box
        role="img"
        aria-label={`${alt}: chưa có ảnh`}
        sx={{ width: 48, height: 48, borderRadius: 1, bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}
      >
        <ImageNotSupportedIcon fontSize="small" color="disabled" />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={fileUrl(id)}
      alt={alt}
      loading="lazy"
      sx={{ width: 48, height: 48, borderRadius: 1, objectFit: 'cover', display: 'block' }}
    />
  );
}

export function ActiveChip({ active }: { active: boolean }) {
  return (
    <Chip size="small" label={active ? 'Đang bán' : 'Đang ẩn'} color={active ? 'success' : 'default'} variant="outlined" />
  );
}

export interface ActiveToggleProps {
  name: string;
  active: boolean;
  disabled: boolean;
  /** Saves the new state; `onSuccess` confirms it to the admin. */
  onToggle: (isActive: boolean, onSuccess: () => void) => void;
}

/** 'Ẩn' takes a row off the shop, 'Hiện' puts it back. */
export function ActiveToggle({ name, active, disabled, onToggle }: ActiveToggleProps) {
  const { showSuccess } = useToast();
  const label = active ? 'Ẩn' : 'Hiện';
  return (
    <Button
      size="small"
      disabled={disabled}
      aria-label={`${label} ${name}`}
      onClick={() => onToggle(!active, () => showSuccess(active ? `Đã ẩn ${name}` : `Đã mở bán ${name}`))}
    >
      {label}
    </Button>
  );
}

export interface MoveButtonsProps {
  name: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onMove: (step: -1 | 1) => void;
}

/** Up and down arrows that change the order customers see. */
export function MoveButtons({ name, first, last, disabled, onMove }: MoveButtonsProps) {
  return (
    <Stack direction="row">
      <IconButton size="small" aria-label={`Đưa ${name} lên`} disabled={disabled || first} onClick={() => onMove(-1)}>
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={`Đưa ${name} xuống`} disabled={disabled || last} onClick={() => onMove(1)}>
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
