import type { Components, Theme } from '@mui/material/styles';
import { RADIUS } from '../shape';

export const surfacesCustomizations: Components<Theme> = {
  MuiPaper: {
    styleOverrides: {
      rounded: { borderRadius: RADIUS * 1.5 },
    },
  },
  MuiCard: {
    defaultProps: { variant: 'outlined' },
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: RADIUS * 2,
        borderColor: theme.palette.divider,
        boxShadow: '0 1px 3px rgba(20, 33, 61, 0.06), 0 4px 16px rgba(20, 33, 61, 0.04)',
        transition: theme.transitions.create(['box-shadow', 'border-color']),
      }),
    },
  },
  MuiCardContent: {
    styleOverrides: {
      root: ({ theme }) => ({ padding: theme.spacing(2.5), '&:last-child': { paddingBottom: theme.spacing(2.5) } }),
    },
  },
  MuiAppBar: {
    defaultProps: { elevation: 0, color: 'inherit' },
    styleOverrides: {
      root: ({ theme }) => ({
        backgroundColor: theme.palette.background.paper,
        borderBottom: `1px solid ${theme.palette.divider}`,
      }),
    },
  },
  MuiDialog: {
    styleOverrides: {
      paper: { borderRadius: RADIUS * 2 },
    },
  },
};
