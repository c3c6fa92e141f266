import { TEXTS } from '@lucky/shared';
import { PlaceholderPage } from '../../../components/ui/page-skeleton';

/** /gameorder — the paginated order list arrives with the storefront screens. */
export function OrderListPage() {
  return <PlaceholderPage title={TEXTS.orderList} cards={3} />;
}
