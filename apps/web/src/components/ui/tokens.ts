/**
 * The look in one place: the light and dark palettes, the corner radius and the font. Two things are
 * built from this module (decision 0007):
 * - the MUI theme (`components/ui/theme.ts`), for every page built with MUI;
 * - the frame's CSS custom properties (`--ls-*` on `:root`/`.light`, `.dark` and the
 *   `prefers-color-scheme` fallback), which a Vite plugin (`frameTokens` in vite.config.ts) writes into
 *   `app/frame.css` at build time, so the first load gets them as plain CSS with no extra JavaScript.
 * Change a colour here and both follow. Plain values only: vite.config.ts imports this module in Node.
 */

export type SchemeName = 'light' | 'dark';

export interface SchemeTokens {
  /** Page background (MUI `background.default`). */
  readonly bg: string;
  /** Cards, popups (MUI `background.paper`). */
  readonly paper: string;
  /** Body text (MUI `text.primary`). */
  readonly text: string;
  /** Brand colour: the header bar, links, focus rings (MUI `primary.main`). */
  readonly primary: string;
  /** Text and icons on `primary` (MUI `primary.contrastText`). */
  readonly onPrimary: string;
  /** MUI `secondary.main` (not used by the frame). */
  readonly secondary: string;
  /** MUI `secondary.contrastText`, when the theme sets it (otherwise MUI computes it). */
  readonly onSecondary?: string;
  /** Borders and rules (MUI `divider`). */
  readonly divider: string;
  /** Hover fill (MUI `action.hover`) and its opacity (MUI `action.hoverOpacity`). */
  readonly hover: string;
  readonly hoverOpacity: number;
  /** Success text (MUI `success.main`); `successDark` is MUI's `success.dark`, set only where the theme sets it. */
  readonly success: string;
  readonly successDark?: string;
  // MUI's own defaults, which the theme does not set: the frame repeats MUI's values for them.
  /** MUI `error.main` (the orders badge). */
  readonly error: string;
  /** MUI Skeleton's fill (text.primary at 0.11 light / 0.13 dark). */
  readonly skeleton: string;
  /** MUI Avatar's default fill (grey 400 light / grey 600 dark). */
  readonly avatar: string;
  /** The white overlay MUI's dark scheme lays over an elevation-1 AppBar, as a CSS `background-image`. */
  readonly barOverlay: string;
  /** MUI `action.active` (unselected toggle buttons), `action.disabled` and `action.disabledBackground`. */
  readonly actionActive: string;
  readonly disabled: string;
  readonly disabledBg: string;
  /** MUI `action.selectedOpacity`: a selected toggle's primary fill. */
  readonly selectedOpacity: number;
  /** MUI's standard info Alert: its fill, text and icon. */
  readonly infoBg: string;
  readonly infoText: string;
  readonly infoIcon: string;
  /** MUI's standard warning Alert: its fill, text and icon. */
  readonly warningBg: string;
  readonly warningText: string;
  readonly warningIcon: string;
  /** Text fields: MUI `text.secondary` (labels, helper texts), `text.disabled` and the outlined input's border. */
  readonly textSecondary: string;
  readonly textDisabled: string;
  readonly inputBorder: string;
  /** LinearProgress's track behind the primary bar. */
  readonly progressTrack: string;
  /** An outlined Chip's border (an unknown order status) and a table cell's bottom rule. */
  readonly chipBorder: string;
  readonly tableBorder: string;
}

export const colourSchemes: Readonly<Record<SchemeName, SchemeTokens>> = {
  light: {
    bg: '#f6f4fb',
    paper: '#ffffff',
    text: 'rgba(0, 0, 0, 0.87)',
    primary: '#5b3cc4',
    onPrimary: '#ffffff',
    secondary: '#c77700',
    onSecondary: '#ffffff',
    divider: 'rgba(0, 0, 0, 0.12)',
    hover: 'rgba(0, 0, 0, 0.04)',
    hoverOpacity: 0.04,
    success: '#2e7d32',
    error: '#d32f2f',
    skeleton: 'rgba(0, 0, 0, 0.11)',
    avatar: '#bdbdbd',
    barOverlay: 'none',
    actionActive: 'rgba(0, 0, 0, 0.54)',
    disabled: 'rgba(0, 0, 0, 0.26)',
    disabledBg: 'rgba(0, 0, 0, 0.12)',
    selectedOpacity: 0.08,
    infoBg: '#e5f6fd',
    infoText: '#014361',
    infoIcon: '#0288d1',
    warningBg: '#fff4e5',
    warningText: '#663c00',
    warningIcon: '#ed6c02',
    textSecondary: 'rgba(0, 0, 0, 0.6)',
    textDisabled: 'rgba(0, 0, 0, 0.38)',
    inputBorder: 'rgba(0, 0, 0, 0.23)',
    progressTrack: '#c0b4e8',
    chipBorder: '#bdbdbd',
    tableBorder: '#e0e0e0',
  },
  dark: {
    bg: '#121018',
    paper: '#1d1a26',
    text: '#ffffff',
    primary: '#b3a1ff',
    onPrimary: 'rgba(0, 0, 0, 0.87)',
    secondary: '#ffc046',
    divider: 'rgba(255, 255, 255, 0.12)',
    hover: 'rgba(255, 255, 255, 0.08)',
    hoverOpacity: 0.08,
    success: '#66bb6a',
    // MUI fills a dark-scheme success alert with success.dark under white text; the default
    // (#388e3c) is 4.1:1, below AA. #2e7d32 gives 5.1:1 for the success toasts.
    successDark: '#2e7d32',
    error: '#f44336',
    skeleton: 'rgba(255, 255, 255, 0.13)',
    avatar: '#757575',
    barOverlay: 'linear-gradient(rgba(255, 255, 255, 0.05), rgba(255, 255, 255, 0.05))',
    actionActive: '#ffffff',
    disabled: 'rgba(255, 255, 255, 0.3)',
    disabledBg: 'rgba(255, 255, 255, 0.12)',
    selectedOpacity: 0.16,
    infoBg: '#071318',
    infoText: '#b8e7fb',
    infoIcon: '#29b6f6',
    warningBg: '#191207',
    warningText: '#ffe2b7',
    warningIcon: '#ffa726',
    textSecondary: 'rgba(255, 255, 255, 0.7)',
    textDisabled: 'rgba(255, 255, 255, 0.5)',
    inputBorder: 'rgba(255, 255, 255, 0.23)',
    progressTrack: '#59507f',
    chipBorder: '#616161',
    tableBorder: '#515151',
  },
};

/** Corner radius in px (MUI `shape.borderRadius`); cards and the banner use twice this (MUI `borderRadius: 2`). */
export const radius = 10;

/** The device's own fonts: no web-font download, and these system stacks all carry Vietnamese diacritics. */
export const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/** One scheme as the frame's custom properties. */
function schemeProperties(tokens: SchemeTokens, indent: string): string {
  const properties: Record<string, string> = {
    '--ls-bg': tokens.bg,
    '--ls-paper': tokens.paper,
    '--ls-text': tokens.text,
    '--ls-primary': tokens.primary,
    '--ls-on-primary': tokens.onPrimary,
    '--ls-divider': tokens.divider,
    '--ls-hover': tokens.hover,
    '--ls-hover-opacity': String(tokens.hoverOpacity),
    '--ls-skeleton': tokens.skeleton,
    '--ls-success': tokens.success,
    '--ls-error': tokens.error,
    '--ls-avatar': tokens.avatar,
    '--ls-bar-overlay': tokens.barOverlay,
    '--ls-action-active': tokens.actionActive,
    '--ls-disabled': tokens.disabled,
    '--ls-disabled-bg': tokens.disabledBg,
    '--ls-selected-opacity': String(tokens.selectedOpacity),
    '--ls-info-bg': tokens.infoBg,
    '--ls-info-text': tokens.infoText,
    '--ls-info-icon': tokens.infoIcon,
    '--ls-warning-bg': tokens.warningBg,
    '--ls-warning-text': tokens.warningText,
    '--ls-warning-icon': tokens.warningIcon,
    '--ls-text-secondary': tokens.textSecondary,
    '--ls-text-disabled': tokens.textDisabled,
    '--ls-input-border': tokens.inputBorder,
    '--ls-progress-track': tokens.progressTrack,
    '--ls-chip-border': tokens.chipBorder,
    '--ls-table-border': tokens.tableBorder,
  };
  return Object.entries(properties)
    .map(([name, value]) => `${indent}${name}: ${value};`)
    .join('\n');
}

/**
 * The frame's custom properties for both schemes (see app/frame.css). The scheme is the class `light` /
 * `dark` on <html>; before a class is set, the device's setting decides the page background and text,
 * so a dark phone does not flash white while the app loads.
 */
export function frameTokensCss(): string {
  const { light, dark } = colourSchemes;
  // MUI Skeleton's text variant: the radius, scaled back up for its 0.6 vertical scale.
  const textRadius = `${radius}px / ${Math.round((radius / 0.6) * 10) / 10}px`;
  return [
    ':root {',
    `  --ls-radius: ${radius}px;`,
    `  --ls-radius-large: ${radius * 2}px;`,
    `  --ls-radius-text: ${textRadius};`,
    `  --ls-font: ${fontFamily};`,
    '}',
    ':root,',
    '.light {',
    '  color-scheme: light;',
    schemeProperties(light, '  '),
    '}',
    '@media (prefers-color-scheme: dark) {',
    '  :root:not(.light) {',
    '    color-scheme: dark;',
    `    --ls-bg: ${dark.bg};`,
    `    --ls-text: ${dark.text};`,
    '  }',
    '}',
    '.dark {',
    '  color-scheme: dark;',
    schemeProperties(dark, '  '),
    '}',
  ].join('\n');
}
