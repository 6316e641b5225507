import type { Components, Theme } from '@mui/material/styles';

export const dataDisplayCustomizations: Components<Theme> = {
  MuiTypography: {
    // MUI renders subtitles as <h6> by default: a label styled as a subtitle would then break the heading outline.
    defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } },
  },
  MuiChip: {
    styleOverrides: {
      root: { fontWeight: 600 },
    },
  },
  MuiAvatar: {
    styleOverrides: {
      root: ({ theme }) => ({
        backgroundColor: theme.palette.primary.main,
        color: theme.palette.primary.contrastText,
        fontWeight: 700,
        fontSize: '0.95rem',
      }),
    },
  },
};
