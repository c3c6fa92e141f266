import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** What a list shows when it has nothing (or could not load): a sentence, and maybe an action. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography color="text.secondary" sx={{ mb: action ? 2 : 0 }}>
        {children}
      </Typography>
      {action}
    </Paper>
  );
}
