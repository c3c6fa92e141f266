import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';

/** Grey rows standing in for a list while it loads (`label` names it for screen readers). */
export function RowsSkeleton({ rows, height, label }: { rows: number; height: number; label?: string }) {
  return (
    <Box aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={height} sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}

/** A list that could not load: what failed, and 'Thử lại'. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return <EmptyState action={<Button onClick={onRetry}>Thử lại</Button>}>{children}</EmptyState>;
}

/**
 * A console list in each of its states: grey rows while it loads, what failed with 'Thử lại', `empty` when it
 * has no rows, else `children` with the data.
 */
export function ListStates<T>({
  query,
  isEmpty,
  skeleton,
  failed,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  skeleton: { rows: number; height: number; label?: string };
  failed: ReactNode;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <RowsSkeleton {...skeleton} />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()}>{failed}</LoadError>;
  if (isEmpty(query.data)) return <EmptyState>{empty}</EmptyState>;
  return children(query.data);
}
