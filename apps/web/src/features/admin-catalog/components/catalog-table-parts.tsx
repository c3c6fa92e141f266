import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import { useToast } from '../../../components/ui/toast';
import { fileUrl } from '../../../lib/file-url';
import { moveId } from '../api';

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

/** A platform or store item as its table row shows it. */
interface CatalogRow {
  id: number;
  name: string;
  picture: string | null;
  is_active: boolean;
}

export interface LeadCellsProps {
  row: CatalogRow;
  /** Every row's id, in the shop's order. */
  ids: readonly number[];
  /** Saves a new order of `ids`. */
  reorder: { isPending: boolean; mutate: (ids: number[]) => void };
  /** Shown under the name. */
  children?: ReactNode;
}

/** A catalogue row's first cells: its place in the shop's order, its picture and its name. */
export function LeadCells({ row, ids, reorder, children }: LeadCellsProps) {
  const index = ids.indexOf(row.id);
  return (
    <>
      <TableCell>
        <MoveButtons
          name={row.name}
          first={index === 0}
          last={index === ids.length - 1}
          disabled={reorder.isPending}
          onMove={(step) => reorder.mutate(moveId(ids, row.id, step))}
        />
      </TableCell>
      <TableCell>
        <Thumb id={row.picture} alt={row.name} />
      </TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.name}
        </Typography>
        {children}
      </TableCell>
    </>
  );
}

export interface EditAndToggleProps {
  row: CatalogRow;
  /** Saves a change to the row. */
  update: {
    isPending: boolean;
    mutate: (input: { id: number; patch: { is_active: boolean } }, options: { onSuccess: () => void }) => void;
  };
  onEdit: () => void;
}

/** A catalogue row's 'Sửa' and 'Ẩn'/'Hiện' buttons. */
export function EditAndToggle({ row, update, onEdit }: EditAndToggleProps) {
  return (
    <>
      <Button size="small" aria-label={`Sửa ${row.name}`} onClick={onEdit}>
        Sửa
      </Button>
      <ActiveToggle
        name={row.name}
        active={row.is_active}
        disabled={update.isPending}
        onToggle={(is_active, onSuccess) => update.mutate({ id: row.id, patch: { is_active } }, { onSuccess })}
      />
    </>
  );
}
