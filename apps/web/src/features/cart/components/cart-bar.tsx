import type { ReactNode } from 'react';
import { computeTotals, formatNumber, formatVnd } from '@lucky/shared/money';
import { PAY_METHOD, type PayMethod } from '@lucky/shared/pay-method';
import { Icon } from '../../../components/frame/icons';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { pricedLines, type CartLine } from '../cart';

export interface CartBarProps {
  lines: readonly CartLine[];
  payMethod: PayMethod;
  /** Whether the cart sheet it opens is open (its button says so to screen readers). */
  sheetOpen: boolean;
  onOpenSheet: () => void;
  /** The order button (the page's checkout), beside the count. */
  action: ReactNode;
}

/**
 * On phones, once the cart holds anything: a bar at the bottom of the screen with the item count, the
 * total (in coins when paying with coins) and the order button, so a customer who added an item deep in
 * the list need not scroll back for the cart. The count opens the cart as a bottom sheet. Plain elements
 * (app/shop.css): it appears as soon as an item is added.
 */
export function CartBar({ lines, payMethod, sheetOpen, onOpenSheet, action }: CartBarProps) {
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const totals = computeTotals(pricedLines(lines), payMethod);
  const total = payMethod === PAY_METHOD.COIN ? `${formatNumber(totals.coin)} coin` : formatVnd(totals.priceVnd);
  return (
    <div className="ls-cart-bar">
      <button
        type="button"
        className="ls-cart-bar-open"
        aria-haspopup="dialog"
        aria-expanded={sheetOpen}
        onClick={onOpenSheet}
      >
        <span className="ls-badge" aria-hidden="true">
          <Icon name="shoppingCart" />
          <span className="ls-badge-count">{count}</span>
        </span>
        <span className="ls-cart-bar-text">
          {/* Named by what it shows, then what it does: "2 sản phẩm, 40.000 VNĐ: xem giỏ hàng". */}
          <span className="ls-cart-bar-count">{count} sản phẩm</span>
          <VisuallyHidden>, </VisuallyHidden>
          <span className="ls-cart-bar-total">{total}</span>
          <VisuallyHidden>: xem giỏ hàng</VisuallyHidden>
        </span>
      </button>
      {action}
    </div>
  );
}
