import { useEffect } from 'react';

const SHOP_NAME = 'Lucky Shop';

/** Sets the tab title for the page on screen, so screen readers announce where a navigation landed. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} – ${SHOP_NAME}`;
  }, [title]);
}
