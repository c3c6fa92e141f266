import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { usePageTitle } from './use-page-title';

export interface PageSkeletonProps {
  /** The page's heading; without one only the content outline shows (e.g. while a page loads). */
  title?: string;
  /** Cards in the outline grid. */
  cards?: number;
}

/** The outline of a page whose content is not there yet: no made-up data, just shapes. */
export function PageSkeleton({ title, cards = 4 }: PageSkeletonProps) {
  return (
    <Box aria-busy="true">
      {title ? (
        <Typography variant="h4" component="h1" sx={{ mb: 3, fontWeight: 700 }}>
          {title}
        </Typography>
      ) : (
        <Skeleton variant="text" width="40%" sx={{ fontSize: '2.125rem', mb: 3 }} />
      )}
      <Skeleton variant="rounded" height={140} sx={{ mb: 3 }} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' },
        }}
      >
        {Array.from({ length: cards }, (_, index) => (
          <div key={index}>
            <Skeleton variant="rounded" height={180} />
            <Skeleton variant="text" width="70%" />
          </div>
        ))}
      </Box>
    </Box>
  );
}

/** A placeholder route: its heading (also the tab title) over the outline of its content. */
export function PlaceholderPage({ title, cards }: { title: string; cards?: number }) {
  usePageTitle(title);
  return <PageSkeleton title={title} cards={cards} />;
}
