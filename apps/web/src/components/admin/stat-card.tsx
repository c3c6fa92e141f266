import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography, { type TypographyProps } from '@mui/material/Typography';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** The label's heading level in the page. */
  headingComponent?: 'h2' | 'h3';
  valueVariant?: TypographyProps['variant'];
  /** Under the figure: a detail line, a link to the list behind it. */
  children?: ReactNode;
}

/** One figure of a page's numbers: what it is, and how much. */
export function StatCard({ label, value, headingComponent = 'h2', valueVariant = 'h5', children }: StatCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component={headingComponent} variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant={valueVariant} component="p" sx={{ fontWeight: 700, mt: 0.5 }}>
        {value}
      </Typography>
      {children}
    </Paper>
  );
}

export interface StatGridProps {
  /** Leaves room under the grid before what follows. */
  spaced?: boolean;
  'aria-busy'?: 'true';
  'aria-label'?: string;
  children: ReactNode;
}

/** Stat cards side by side: one a row on phones, two on tablets, four on wider screens. */
export function StatGrid({ spaced = false, children, ...aria }: StatGridProps) {
  return (
    <Box
      {...aria}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        ...(spaced && { mb: 3 }),
      }}
    >
      {children}
    </Box>
  );
}
