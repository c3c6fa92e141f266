import { Skeleton } from '../frame/icons';

export interface PageSkeletonProps {
  /** The page's heading; without one only the content outline shows (e.g. while a page loads). */
  title?: string;
  /** Cards in the outline grid. */
  cards?: number;
}

/**
 * The outline of a page whose content is not there yet: no made-up data, just shapes. Plain elements
 * (app/frame.css): it is the frame's fallback while a page's chunk loads.
 */
export function PageSkeleton({ title, cards = 4 }: PageSkeletonProps) {
  return (
    <div aria-busy="true">
      {title ? (
        <h1 className="ls-h1">{title}</h1>
      ) : (
        <Skeleton width="40%" style={{ fontSize: '2.125rem', marginBottom: 24 }} />
      )}
      <Skeleton variant="rounded" height={140} style={{ marginBottom: 24 }} />
      <div className="ls-grid ls-grid-plain">
        {Array.from({ length: cards }, (_, index) => (
          <div key={index}>
            <Skeleton variant="rounded" height={180} />
            <Skeleton width="70%" />
          </div>
        ))}
      </div>
    </div>
  );
}
