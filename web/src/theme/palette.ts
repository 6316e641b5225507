import type { PaletteOptions } from '@mui/material/styles';

/**
 * Every text colour below reaches WCAG AA (4.5:1) on white, and white text reaches it on every `main`:
 * MUI's default warning orange does not, hence the darker amber.
 */
export const palette: PaletteOptions = {
  mode: 'light',
  primary: { light: '#3a64b8', main: '#0d3b8c', dark: '#072a66', contrastText: '#ffffff' },
  secondary: { light: '#26a69a', main: '#00695c', dark: '#004d40', contrastText: '#ffffff' },
  success: { main: '#1e7a34', contrastText: '#ffffff' },
  warning: { light: '#fff4e0', main: '#a44d00', dark: '#7a3900', contrastText: '#ffffff' },
  error: { main: '#c62828', contrastText: '#ffffff' },
  info: { main: '#0a6aa1', contrastText: '#ffffff' },
  background: { default: '#f4f6fb', paper: '#ffffff' },
  text: { primary: '#14213d', secondary: '#4a5568' },
  divider: '#dde3ee',
};
