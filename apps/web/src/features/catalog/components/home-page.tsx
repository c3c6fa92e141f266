import { TEXTS } from '@lucky/shared';
import { PlaceholderPage } from '../../../components/ui/page-skeleton';

/** / — the banner and game grid arrive with the storefront screens. */
export function HomePage() {
  return <PlaceholderPage title={TEXTS.chooseGame} cards={8} />;
}
