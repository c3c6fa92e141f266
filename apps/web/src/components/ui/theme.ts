import { createTheme } from '@mui/material/styles';

/**
 * Light and dark schemes as CSS variables, switched by a class on <html> so the header toggle can
 * force either one; 'system' follows the device. Fonts are the device's own: no web-font download,
 * and the system stacks below all carry Vietnamese diacritics. The frame and the home page do not use
 * MUI: app/frame.css repeats these values for them (decision 0007), so change both together.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#5b3cc4' },
        secondary: { main: '#c77700', contrastText: '#ffffff' },
        background: { default: '#f6f4fb', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#b3a1ff' },
        secondary: { main: '#ffc046' },
        // MUI fills a dark-scheme success alert with success.dark under white text; the default
        // (#388e3c) is 4.1:1, below AA. #2e7d32 gives 5.1:1 for the success toasts.
        success: { main: '#66bb6a', dark: '#2e7d32' },
        background: { default: '#121018', paper: '#1d1a26' },
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
});
