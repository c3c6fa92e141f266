import { useId, useState, type FormEvent } from 'react';
import { TEXTS } from '@lucky/shared/texts';
import { TextField } from '../../../components/ui/text-field';
import { useHydrated } from '../../../lib/hydration';

export interface DemoSignInFormProps {
  pending: boolean;
  onSubmit: (email: string) => void;
}

/** Sign-in by email alone, offered only when the API runs its demo provider (local use, tests). */
export function DemoSignInForm({ pending, onSubmit }: DemoSignInFormProps) {
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  // In the server's HTML the button waits for the page's code (as the field does): sent before, the
  // form would go to the address as a plain GET instead of signing in.
  const hydrated = useHydrated();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = email.trim();
    setMissing(!value);
    if (value) onSubmit(value);
  };

  return (
    // noValidate: the API's Vietnamese message beats the browser's own for a malformed email.
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="ls-stack">
      <h2 id={headingId} className="ls-h6">
        Đăng nhập nhanh (demo)
      </h2>
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
      <button type="submit" className="ls-button ls-button-contained ls-button-large" disabled={pending || !hydrated}>
        {TEXTS.signIn}
      </button>
    </form>
  );
}
