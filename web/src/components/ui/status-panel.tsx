import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Tone = 'neutral' | 'success' | 'error' | 'warning';

const toneColor: Record<Tone, string> = {
  neutral: 'primary.main',
  success: 'success.main',
  error: 'error.main',
  warning: 'warning.main',
};

/** A centred card for a whole-page state: success, error, empty, access denied. */
export function StatusPanel({
  icon,
  title,
  children,
  actions,
  tone = 'neutral',
  headingLevel = 'h2',
  role,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: Tone;
  headingLevel?: 'h1' | 'h2';
  role?: 'alert' | 'status';
}) {
  return (
    <Card role={role} sx={{ maxWidth: 560, mx: 'auto', textAlign: 'center' }}>
      <CardContent sx={{ py: 5, px: { xs: 2.5, sm: 4 } }}>
        {icon ? (
          <Box aria-hidden="true" sx={{ color: toneColor[tone], mb: 1.5, '& svg': { fontSize: 56 } }}>
            {icon}
          </Box>
        ) : null}
        <Typography component={headingLevel} variant="h2" sx={{ fontSize: '1.5rem', mb: 1.5 }}>
          {title}
        </Typography>
        {children ? (
          <Box sx={{ color: 'text.secondary', '& p': { mb: 1 } }}>{children}</Box>
        ) : null}
        {actions ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center', mt: 3 }}>
            {actions}
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}
