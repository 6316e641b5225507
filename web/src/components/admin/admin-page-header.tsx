import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** The title of an administration screen, its one-line purpose, a way back to /admin and its main actions. */
export function AdminPageHeader({ title, subtitle, actions, back = true }: { title: string; subtitle: string; actions?: ReactNode; back?: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Box sx={{ mb: 3 }}>
      {back ? (
        <Button component={RouterLink} to="/admin" size="small" startIcon={<ArrowBackIcon aria-hidden="true" />} sx={{ mb: 1, ml: -1 }}>
          {t('backToDashboard')}
        </Button>
      ) : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}>
        <Box>
          <Typography component="h1" variant="h1">
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {subtitle}
          </Typography>
        </Box>
        {actions ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        ) : null}
      </Stack>
    </Box>
  );
}
