import { PlaceholderPage } from '../../../components/ui/page-skeleton';

/** /gameorder/:id — the order detail arrives with the storefront screens. */
export function OrderDetailPage() {
  return <PlaceholderPage title="Chi tiết đơn hàng" cards={2} />;
}
