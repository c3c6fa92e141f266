import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Label/value pairs as a description list, so screen readers pair each value with its label; an empty value reads '—'. */
export function Fields({ items }: { items: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, auto) 1fr' }, columnGap: 2, rowGap: 1, m: 0 }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
            {value === '' || value === null || value === undefined ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
