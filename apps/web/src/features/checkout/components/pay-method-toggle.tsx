import { useId, type ReactNode } from 'react';
import { PAY_METHOD, PAY_METHOD_LABELS, type PayMethod } from '@lucky/shared/pay-method';
import { Icon, PlainCoinIcon } from '../../../components/frame/icons';

export interface PayMethodToggleProps {
  value: PayMethod;
  onChange: (value: PayMethod) => void;
  /** docs/product.md §2, §9: coins are offered only when the displayed balance is zero or more. */
  coinsOffered: boolean;
  /** The coins the customer holds, under the toggles: another feature's (the page hands it in), shown once offered. */
  coinsHeld?: ReactNode;
}

/**
 * The two payment toggles: bank transfer (the default) and Lucky coins. Plain buttons with
 * `aria-pressed` in a labelled group, as MUI's exclusive ToggleButtonGroup renders them (app/shop.css).
 */
export function PayMethodToggle({ value, onChange, coinsOffered, coinsHeld }: PayMethodToggleProps) {
  const toggle = (method: PayMethod) => ({
    type: 'button' as const,
    className: 'ls-toggle',
    value: method,
    'aria-pressed': value === method,
    // Pressing the chosen one again keeps it chosen.
    onClick: () => {
      if (value !== method) onChange(method);
    },
  });
  // Its own ids: on phones the toggles show in the cart sheet too.
  const labelId = `${useId()}pay-method-label`;
  return (
    <div>
      <h3 id={labelId} className="ls-subtitle1 ls-pay-heading">
        Phương thức thanh toán
      </h3>
      <div role="group" aria-labelledby={labelId} className="ls-toggle-group">
        <button {...toggle(PAY_METHOD.BANK)}>
          <Icon name="accountBalance" small />
          {PAY_METHOD_LABELS[PAY_METHOD.BANK]}
        </button>
        {coinsOffered && (
          <button {...toggle(PAY_METHOD.COIN)}>
            <PlainCoinIcon />
            {PAY_METHOD_LABELS[PAY_METHOD.COIN]}
          </button>
        )}
      </div>
      {coinsHeld}
    </div>
  );
}
