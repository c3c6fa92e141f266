import { orderStatusColour, orderStatusLabel } from '@lucky/shared/order-status';

/**
 * docs/product.md §4: the status label in its colour (the same in light and dark mode, so a status reads alike
 * everywhere); an unknown status shows its raw value, uncoloured. Storefront and admin console alike.
 * MUI's small Chip as a plain element (app/shop.css `.ls-chip`, colours by `data-colour`).
 */
export function OrderStatusBadge({ status }: { status: number }) {
  const colour = orderStatusColour(status);
  return (
    <div className={colour ? 'ls-chip' : 'ls-chip ls-chip-outlined'} data-colour={colour ?? 'none'}>
      <span className="ls-chip-label">{orderStatusLabel(status)}</span>
    </div>
  );
}
