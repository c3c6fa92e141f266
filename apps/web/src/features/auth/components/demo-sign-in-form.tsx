import { useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TEXTS } from '@lucky/shared';

export interface DemoSignInFormProps {
  pending: boolean;
  onSubmit: (email: string) => void;
}

/** Sign-in by email alone, offered only when the API runs its demo provider (local use, tests). */
export function DemoSignInForm({ pending, onSubmit }: DemoSignInFormProps) {
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = email.trim();
    setMissing(!value);
    if (value) onSubmit(value);
  };

  return (
    // noValidate: the API's Vietnamese message beats the browser's own for a malformed email.
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6">
        Đăng nhập nhanh (demo)
      </Typography>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        fullWidth
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={missing}
        helperText={missing ? 'Vui lòng nhập email' : 'Dùng thử: nhập email bất kỳ, không cần mật khẩu.'}
      />
      <Button type="submit" variant="contained" size="large" disabled={pending}>
        {TEXTS.signIn}
      </Button>
    </Stack>
  );
}
