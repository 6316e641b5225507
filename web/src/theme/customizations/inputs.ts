import type { Components, Theme } from '@mui/material/styles';

export const inputsCustomizations: Components<Theme> = {
  MuiButtonBase: {
    defaultProps: { disableTouchRipple: false },
  },
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: theme.shape.borderRadius,
        textTransform: 'none',
        fontWeight: 600,
        '&.Mui-focusVisible': { outline: `3px solid ${theme.palette.primary.light}`, outlineOffset: 2 },
      }),
      sizeLarge: { padding: '10px 22px', fontSize: '1rem' },
    },
  },
  MuiIconButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        '&.Mui-focusVisible': { outline: `3px solid ${theme.palette.primary.light}`, outlineOffset: 2 },
      }),
    },
  },
  MuiTextField: {
    defaultProps: { fullWidth: true },
  },
  MuiOutlinedInput: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: theme.shape.borderRadius,
        backgroundColor: theme.palette.background.paper,
      }),
    },
  },
  MuiCheckbox: {
    styleOverrides: {
      root: ({ theme }) => ({
        '&.Mui-focusVisible': { outline: `3px solid ${theme.palette.primary.light}`, outlineOffset: -4 },
      }),
    },
  },
  MuiSlider: {
    styleOverrides: {
      thumb: ({ theme }) => ({
        '&.Mui-focusVisible': { boxShadow: `0 0 0 6px ${theme.palette.primary.light}55` },
      }),
    },
  },
};
