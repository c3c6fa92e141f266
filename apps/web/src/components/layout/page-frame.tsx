import type { ReactNode } from 'react';

export interface PageFrameProps {
  header: ReactNode;
  footer: ReactNode;
  /** Fixed-position extras such as the messenger button. */
  floating?: ReactNode;
  children: ReactNode;
}

const MAIN_ID = 'main-content';

/** Header, page content and footer, with a skip link for keyboard users. */
export function PageFrame({ header, footer, floating, children }: PageFrameProps) {
  return (
    <div className="ls-frame">
      <a href={`#${MAIN_ID}`} className="ls-skip-link">
        Bỏ qua đến nội dung chính
      </a>
      {header}
      <main id={MAIN_ID} tabIndex={-1} className="ls-container ls-main">
        {children}
      </main>
      {footer}
      {floating}
    </div>
  );
}
