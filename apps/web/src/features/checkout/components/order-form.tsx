import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TEXTS } from '@lucky/shared';
import type { OrderField, OrderFormValues } from '../order-form-values';

export interface OrderFormProps {
  values: OrderFormValues;
  onChange: (field: OrderField, value: string) => void;
  needLogin: boolean;
  /** Required fields found empty at the last submit: marked until filled. */
  invalid: readonly OrderField[];
  disabled?: boolean;
}

/** Spec §2: 'Thông tin của bạn', with the login fields or the UID field as the platform needs. */
export function OrderForm({ values, onChange, needLogin, invalid, disabled }: OrderFormProps) {
  const field = (name: OrderField) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(name, event.target.value),
    error: invalid.includes(name) && values[name].trim() === '',
    disabled,
    fullWidth: true,
  });

  return (
    <Box component="section" aria-labelledby="order-form-heading">
      <Typography id="order-form-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {TEXTS.yourInfo}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...field('order_bank_name')}
          label="Họ tên (trùng tên tài khoản ngân hàng)"
          required
          autoComplete="name"
          helperText={TEXTS.nameHelper}
        />
        <TextField
          {...field('order_contact')}
          label="Liên hệ (không bắt buộc)"
          autoComplete="tel"
          helperText="Số điện thoại, Zalo, Facebook hoặc tài khoản chat"
        />
        {needLogin && (
          <>
            <TextField
              {...field('order_account')}
              label="Tên đăng nhập hoặc email liên kết"
              required
              autoComplete="off"
              helperText={TEXTS.accountHelper}
            />
            <TextField
              {...field('order_pass')}
              label="Mật khẩu game"
              type="password"
              required
              autoComplete="off"
              helperText={TEXTS.passwordHelper}
            />
          </>
        )}
        <TextField {...field('order_server')} label="Server" required autoComplete="off" helperText="Server trong game của bạn" />
        {!needLogin && (
          <TextField {...field('order_uid')} label="UID" required autoComplete="off" helperText={TEXTS.uidHelper} />
        )}
        <TextField
          {...field('order_comment')}
          label="Ghi chú (không bắt buộc)"
          multiline
          rows={4}
          sx={{ gridColumn: '1 / -1' }}
        />
      </Box>
    </Box>
  );
}
