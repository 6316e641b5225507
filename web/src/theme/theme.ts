import { createTheme, type Theme } from '@mui/material/styles';
import { enUS, frFR } from '@mui/material/locale';
import type { Language } from '../lib/language';
import { dataDisplayCustomizations } from './customizations/data-display';
import { feedbackCustomizations } from './customizations/feedback';
import { inputsCustomizations } from './customizations/inputs';
import { navigationCustomizations } from './customizations/navigation';
import { surfacesCustomizations } from './customizations/surfaces';
import { palette } from './palette';
import { RADIUS } from './shape';

/** Below MUI's `sm` breakpoint: phones, down to 360 px wide. */
const SMALL_SCREEN = '@media (max-width:599.95px)';

export function createAppTheme(language: Language): Theme {
  return createTheme(
    {
      palette,
      shape: { borderRadius: RADIUS },
      typography: {
        fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
        h1: { fontSize: '2.25rem', fontWeight: 700, lineHeight: 1.2, [SMALL_SCREEN]: { fontSize: '1.75rem' } },
        h2: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25, [SMALL_SCREEN]: { fontSize: '1.45rem' } },
        h3: { fontSize: '1.4rem', fontWeight: 600 },
        h4: { fontSize: '1.2rem', fontWeight: 600 },
        h5: { fontSize: '1.1rem', fontWeight: 600 },
        h6: { fontSize: '1rem', fontWeight: 600 },
        button: { fontWeight: 600 },
      },
      components: {
        MuiCssBaseline: {
          styleOverrides: (theme) => ({
            // A visible focus ring on whatever MUI does not style itself (plain links, native controls).
            'a:focus-visible, summary:focus-visible, [tabindex]:focus-visible': {
              outline: `3px solid ${theme.palette.primary.light}`,
              outlineOffset: 2,
            },
            // The sticky header must not cover what keyboard focus or an in-page link scrolls to (WCAG 2.4.11).
            html: { scrollPaddingTop: 80 },
            body: { minWidth: 320 },
            // A person who asked their system for less motion gets none (WCAG 2.3.3): dialogs, menus and toasts
            // appear at once instead of fading or sliding in, and nothing spins or pulses.
            '@media (prefers-reduced-motion: reduce)': {
              '*, *::before, *::after': {
                animationDuration: '0.01ms !important',
                animationIterationCount: '1 !important',
                transitionDuration: '0.01ms !important',
                scrollBehavior: 'auto !important',
              },
            },
          }),
        },
        ...inputsCustomizations,
        ...surfacesCustomizations,
        ...navigationCustomizations,
        ...feedbackCustomizations,
        ...dataDisplayCustomizations,
      },
    },
    language === 'en' ? enUS : frFR,
  );
}
