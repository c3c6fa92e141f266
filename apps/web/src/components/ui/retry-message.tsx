import type { ReactNode } from 'react';

/** What could not load, and 'Thử lại' to ask again (the storefront's lists). */
export function RetryMessage({
  className,
  role,
  onRetry,
  children,
}: {
  className: string;
  role?: 'status';
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <div role={role} className={className}>
      <p className="ls-body1">{children}</p>
      <button type="button" className="ls-button ls-button-outlined" onClick={onRetry}>
        Thử lại
      </button>
    </div>
  );
}
