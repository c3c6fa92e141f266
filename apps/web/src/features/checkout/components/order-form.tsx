import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { TEXTS, type OrderFormInput, type OrderFormOutput, type OrderTextField } from '@lucky/shared';
import { FormTextField } from '../../../components/ui/form-text-field';

export interface OrderFormProps {
  control: Control<OrderFormInput, unknown, OrderFormOutput>;
  needLogin: boolean;
  disabled?: boolean;
}

/** Spec §2: 'Thông tin của bạn', with the login fields or the UID field as the platform needs. */
export function OrderForm({ control, needLogin, disabled }: OrderFormProps) {
  // A required field left empty is marked until filled; the message itself is the toast's (spec §8).
  const field = (name: OrderTextField) => ({ control, name, disabled, fullWidth: true, keepHelperText: true });

  return (
    <Box component="section" aria-labelledby="order-form-heading">
      <Typography id="order-form-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {TEXTS.yourInfo}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField
          {...field('order_bank_name')}
          label="Họ tên (trùng tên tài khoản ngân hàng)"
          required
          autoComplete="name"
          helperText={TEXTS.nameHelper}
        />
        <FormTextField
          {...field('order_contact')}
          label="Liên hệ (không bắt buộc)"
          autoComplete="tel"
          helperText="Số điện thoại, Zalo, Facebook hoặc tài khoản chat"
        />
        {needLogin && (
          <>
            <FormTextField
              {...field('order_account')}
              label="Tên đăng nhập hoặc email liên kết"
              required
              autoComplete="off"
              helperText={TEXTS.accountHelper}
            />
            <FormTextField
              {...field('order_pass')}
              label="Mật khẩu game"
              type="password"
              required
              autoComplete="off"
              helperText={TEXTS.passwordHelper}
            />
          </>
        )}
        <FormTextField
          {...field('order_server')}
          label="Server"
          required
          autoComplete="off"
          helperText="Server trong game của bạn"
        />
        {!needLogin && (
          <FormTextField {...field('order_uid')} label="UID" required autoComplete="off" helperText={TEXTS.uidHelper} />
        )}
        <FormTextField
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
