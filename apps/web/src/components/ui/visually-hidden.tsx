import type { ReactNode } from 'react';

/** Text for screen readers only (styled by app/frame.css, so it costs the first load no styling library). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="ls-visually-hidden">{children}</span>;
}
