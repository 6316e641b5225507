import type { Components, Theme } from '@mui/material/styles';

export const navigationCustomizations: Components<Theme> = {
  MuiLink: {
    defaultProps: { underline: 'hover' },
    styleOverrides: {
      root: ({ theme }) => ({
        fontWeight: 500,
        '&:focus-visible': { outline: `3px solid ${theme.palette.primary.light}`, outlineOffset: 2, borderRadius: 2 },
      }),
    },
  },
  MuiTab: {
    styleOverrides: {
      root: ({ theme }) => ({
        textTransform: 'none',
        fontWeight: 600,
        fontSize: '1rem',
        '&.Mui-focusVisible': { outline: `3px solid ${theme.palette.primary.light}`, outlineOffset: -3 },
      }),
    },
  },
  // Menu and drawer items only tint their background on focus by default: too faint to follow from the keyboard.
  MuiMenuItem: {
    styleOverrides: {
      root: ({ theme }) => ({
        minHeight: 44,
        gap: theme.spacing(1.5),
        '&.Mui-focusVisible': { outline: `3px solid ${theme.palette.primary.light}`, outlineOffset: -3 },
      }),
    },
  },
  MuiListItemButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: theme.shape.borderRadius,
        minHeight: 44,
        '&.Mui-focusVisible': { outline: `3px solid ${theme.palette.primary.light}`, outlineOffset: -3 },
      }),
    },
  },
};
