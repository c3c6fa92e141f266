import type { ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface FilterSelectProps {
  label: string;
  /** The chosen option; '' is 'Tất cả' (no filter). */
  value: number | string;
  onChange: (value: string) => void;
  /** The options (`MenuItem`s) after 'Tất cả'. */
  children: ReactNode;
}

/** A drop-down that narrows a list, starting with 'Tất cả'. */
export function FilterSelect({ label, value, onChange, children }: FilterSelectProps) {
  return (
    <TextField
      select
      label={label}
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 200 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">Tất cả</MenuItem>
      {children}
    </TextField>
  );
}
