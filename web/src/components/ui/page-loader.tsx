import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function PageLoader({ label }: { label?: string | undefined }) {
  const { t } = useTranslation();
  const text = label ?? t('actions.loading');
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8 }}>
      <CircularProgress aria-hidden="true" />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}
