import { createTheme, type PaletteOptions } from '@mui/material/styles';
import { colourSchemes, fontFamily, radius, type SchemeTokens } from './tokens';

/**
 * Light and dark schemes as CSS variables, switched by a class on <html> so the header toggle can
 * force either one; 'system' follows the device. Colours, radius and font come from ./tokens, which
 * also generates app/frame.css's custom properties for the frame and the home page (decision 0007):
 * change them there, once.
 */
function palette(tokens: SchemeTokens): PaletteOptions {
  return {
    primary: { main: tokens.primary, contrastText: tokens.onPrimary },
    secondary: tokens.onSecondary
      ? { main: tokens.secondary, contrastText: tokens.onSecondary }
      : { main: tokens.secondary },
    // Only where the theme sets it: MUI derives light/dark shades from a main colour given alone.
    ...(tokens.successDark ? { success: { main: tokens.success, dark: tokens.successDark } } : {}),
    background: { default: tokens.bg, paper: tokens.paper },
    text: { primary: tokens.text },
    divider: tokens.divider,
    action: { hover: tokens.hover, hoverOpacity: tokens.hoverOpacity },
  };
}

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: { palette: palette(colourSchemes.light) },
    dark: { palette: palette(colourSchemes.dark) },
  },
  shape: { borderRadius: radius },
  typography: {
    fontFamily,
    button: { textTransform: 'none', fontWeight: 600 },
  },
});
