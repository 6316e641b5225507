import type { Components, Theme } from '@mui/material/styles';
import { RADIUS } from '../shape';

export const feedbackCustomizations: Components<Theme> = {
  MuiAlert: {
    styleOverrides: {
      root: { borderRadius: RADIUS * 1.5, alignItems: 'flex-start' },
    },
  },
  MuiSkeleton: {
    defaultProps: { animation: 'wave' },
  },
};
