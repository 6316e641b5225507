import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAuthModal } from './auth-modal-context';

/** Sign-up arrives in the next issue; until then the tab says so and leads back to sign-in. */
export function RegisterSoonPanel() {
  const { t } = useTranslation('auth');
  const modal = useAuthModal();
  return (
    <Box sx={{ textAlign: 'center', py: 2 }}>
      <HowToRegOutlinedIcon color="primary" aria-hidden="true" sx={{ fontSize: 48, mb: 1 }} />
      <Typography component="h3" variant="h5" sx={{ mb: 1 }}>
        {t('registerSoon.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('registerSoon.body')}
      </Typography>
      <Button variant="outlined" onClick={() => modal.setMode('login')}>
        {t('registerSoon.toLogin')}
      </Button>
    </Box>
  );
}
