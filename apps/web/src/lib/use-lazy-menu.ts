import { useId, useState, type MouseEvent } from 'react';

/**
 * A button that opens a menu whose code loads on first use and then stays, so it can animate closed: spread
 * `buttonProps` on the button, render the menu once `wanted`, at `anchor`, with `id`; `close` closes it.
 */
export function useLazyMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const id = useId();
  return {
    id,
    anchor,
    wanted,
    close: () => setAnchor(null),
    buttonProps: {
      'aria-haspopup': 'menu' as const,
      'aria-controls': anchor ? id : undefined,
      'aria-expanded': anchor ? ('true' as const) : undefined,
      onClick: (event: MouseEvent<HTMLElement>) => {
        setWanted(true);
        setAnchor(event.currentTarget);
      },
    },
  };
}
