import { PlaceholderPage } from '../../../components/ui/page-skeleton';

/** /item/:id — the platform's items and order form arrive with the storefront screens. */
export function PlatformPage() {
  return <PlaceholderPage title="Nạp game" cards={6} />;
}
