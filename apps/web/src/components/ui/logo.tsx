import Box from '@mui/material/Box';

/** The shop's mark (a coin in a rounded square) and, from small screens up, its name. */
export function Logo() {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <svg viewBox="0 0 64 64" width="36" height="36" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#5b3cc4" />
        <circle cx="32" cy="32" r="20" fill="#f5b82e" stroke="#fff3c4" strokeWidth="3" />
        <path d="M26 20h6v19h10v5H26z" fill="#5b3cc4" />
      </svg>
      <Box
        component="span"
        sx={{ display: { xs: 'none', sm: 'inline' }, fontWeight: 800, fontSize: '1.25rem', letterSpacing: '-0.01em' }}
      >
        Lucky Shop
      </Box>
    </Box>
  );
}
