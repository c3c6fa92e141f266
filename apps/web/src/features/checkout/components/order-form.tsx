import { memo } from 'react';
import type { Control } from 'react-hook-form';
import type { OrderFormInput, OrderFormOutput } from '@lucky/shared';
import type { OrderTextField } from '@lucky/shared/order-rules';
import { TEXTS } from '@lucky/shared/texts';
import { FormField } from '../../../components/ui/form-field';

export interface OrderFormProps {
  control: Control<OrderFormInput, unknown, OrderFormOutput>;
  needLogin: boolean;
  disabled?: boolean;
}

/**
 * docs/product.md §2: 'Thông tin của bạn', with the login fields or the UID field as the platform needs.
 * Memoized: react-hook-form re-renders the form's owner when it mounts; the fields follow their own state.
 */
export const OrderForm = memo(function OrderForm({ control, needLogin, disabled }: OrderFormProps) {
  // A required field left empty is marked until filled; the message itself is the toast's (docs/product.md §8).
  const field = (name: OrderTextField) => ({ control, name, disabled, fullWidth: true, keepHelperText: true });

  return (
    <section aria-labelledby="order-form-heading">
      <h2 id="order-form-heading" className="ls-h6 ls-strong ls-section-title">
        {TEXTS.yourInfo}
      </h2>
      <div className="ls-order-fields">
        <FormField
          {...field('order_bank_name')}
          label="Họ tên (trùng tên tài khoản ngân hàng)"
          required
          autoComplete="name"
          inputMode="text"
          autoCapitalize="words"
          enterKeyHint="next"
          helperText={TEXTS.nameHelper}
        />
        {/* The phone's number is what autofill offers; the keyboard stays a text one, as a Zalo or
            Facebook name is welcome too (a phone keypad has no letters). */}
        <FormField
          {...field('order_contact')}
          label="Liên hệ (không bắt buộc)"
          autoComplete="tel"
          inputMode="text"
          enterKeyHint="next"
          noCorrect
          helperText="Số điện thoại, Zalo, Facebook hoặc tài khoản chat"
        />
        {needLogin && (
          <>
            <FormField
              {...field('order_account')}
              label="Tên đăng nhập hoặc email liên kết"
              required
              autoComplete="off"
              inputMode="email"
              autoCapitalize="none"
              enterKeyHint="next"
              noCorrect
              helperText={TEXTS.accountHelper}
            />
            <FormField
              {...field('order_pass')}
              label="Mật khẩu game"
              type="password"
              required
              autoComplete="off"
              enterKeyHint="next"
              helperText={TEXTS.passwordHelper}
            />
          </>
        )}
        <FormField
          {...field('order_server')}
          label="Server"
          required
          autoComplete="off"
          autoCapitalize="none"
          enterKeyHint={needLogin ? 'go' : 'next'}
          noCorrect
          helperText="Server trong game của bạn"
        />
        {!needLogin && (
          <FormField
            {...field('order_uid')}
            label="UID"
            required
            autoComplete="off"
            autoCapitalize="none"
            enterKeyHint="go"
            noCorrect
            helperText={TEXTS.uidHelper}
          />
        )}
        <FormField {...field('order_comment')} label="Ghi chú (không bắt buộc)" rows={4} style={{ gridColumn: '1 / -1' }} />
      </div>
    </section>
  );
});
