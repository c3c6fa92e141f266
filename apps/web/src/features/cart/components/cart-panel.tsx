import { Fragment, useId } from 'react';
import { MAX_LINE_QUANTITY } from '@lucky/shared/constants';
import { computeTotals, formatNumber, formatVnd } from '@lucky/shared/money';
import type { PayMethod } from '@lucky/shared/pay-method';
import { TEXTS } from '@lucky/shared/texts';
import { Icon, PlainCoinIcon } from '../../../components/frame/icons';
import { pricedLines, type CartAction, type CartLine } from '../cart';

export interface CartPanelProps {
  lines: readonly CartLine[];
  payMethod: PayMethod;
  dispatch: (action: CartAction) => void;
  /** Its heading for screen readers only (the cart sheet shows its own title). */
  headingHidden?: boolean;
}

const itemName = (line: CartLine) => line.item.name || TEXTS.itemNameFallback;

/**
 * docs/product.md §2: the cart's lines with plus and minus, the gift-coin line, the totals and clear-all. Plain
 * elements (app/shop.css): it is on the platform page's first screen (docs/decisions/0015).
 */
export function CartPanel({ lines, payMethod, dispatch, headingHidden = false }: CartPanelProps) {
  const totals = computeTotals(pricedLines(lines), payMethod);
  // Its own ids: on phones the same panel shows in the cart sheet too (cart-sheet.tsx).
  const headingId = `${useId()}cart-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={headingHidden ? 'ls-visually-hidden' : 'ls-h6 ls-strong ls-cart-heading'}>
        Giỏ hàng
      </h2>
      {lines.length === 0 ? (
        <p className="ls-body1 ls-cart-empty">Giỏ hàng đang trống. Hãy chọn sản phẩm bên dưới.</p>
      ) : (
        <ul aria-labelledby={headingId} className="ls-cart-lines">
          {lines.map((line, index) => (
            <Fragment key={line.item.id}>
              {index > 0 && <li aria-hidden="true" className="ls-divider" />}
              <li className="ls-cart-line">
                <div className="ls-cart-line-text">
                  <p className="ls-body1 ls-cart-line-name">{itemName(line)}</p>
                  <p className="ls-body2">
                    {formatVnd(line.item.price * line.quantity)} · {formatNumber(line.item.coin * line.quantity)} coin
                  </p>
                </div>
                <button
                  type="button"
                  className="ls-icon-button ls-icon-button-small"
                  aria-label={`Giảm số lượng ${itemName(line)}`}
                  onClick={() => dispatch({ type: 'decrement', itemId: line.item.id })}
                >
                  <Icon name="remove" small />
                </button>
                <p className="ls-body1 ls-cart-quantity">{line.quantity}</p>
                <button
                  type="button"
                  className="ls-icon-button ls-icon-button-small"
                  aria-label={`Tăng số lượng ${itemName(line)}`}
                  disabled={line.quantity >= MAX_LINE_QUANTITY}
                  onClick={() => dispatch({ type: 'increment', itemId: line.item.id })}
                >
                  <Icon name="add" small />
                </button>
              </li>
            </Fragment>
          ))}
        </ul>
      )}

      <hr className="ls-divider ls-cart-rule" />
      <dl className="ls-totals">
        <dt className="ls-body1">Coin tặng</dt>
        <dd className="ls-body1 ls-totals-gift">
          <PlainCoinIcon inherit />+{formatNumber(totals.giftCoin)}
        </dd>
        <dt className="ls-body1">Tổng coin</dt>
        <dd className="ls-body1" style={{ fontWeight: 600 }}>
          {formatNumber(totals.coin)} coin
        </dd>
        <dt className="ls-body1">Tổng tiền</dt>
        <dd className="ls-body1 ls-strong ls-primary-text">{formatVnd(totals.priceVnd)}</dd>
      </dl>
      <button
        type="button"
        className="ls-button ls-button-small ls-button-error ls-clear-cart"
        disabled={lines.length === 0}
        onClick={() => dispatch({ type: 'clear' })}
      >
        {TEXTS.clearCart}
      </button>
    </section>
  );
}
