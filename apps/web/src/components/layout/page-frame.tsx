import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';

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
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href={`#${MAIN_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 'tooltip',
          p: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          '&:focus': { top: 8 },
        }}
      >
        Bỏ qua đến nội dung chính
      </Box>
      {header}
      <Container
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        maxWidth="lg"
        sx={{ flexGrow: 1, py: { xs: 2, sm: 4 }, outline: 'none' }}
      >
        {children}
      </Container>
      {footer}
      {floating}
    </Box>
  );
}
