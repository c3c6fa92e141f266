import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { ADMIN_LIMITS } from '@lucky/shared';

export interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  sx?: TextFieldProps['sx'];
}

/** A list's keyword box, capped at the length the admin API accepts. */
export function SearchField({ label, value, onChange, sx }: SearchFieldProps) {
  return (
    <TextField
      label={label}
      type="search"
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.keyword } }}
      sx={sx}
    />
  );
}
