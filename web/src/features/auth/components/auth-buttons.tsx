import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useAuthModal } from './auth-modal-context';

export function AuthButtons({ direction = 'row', onOpen }: { direction?: 'row' | 'column'; onOpen?: () => void }) {
  const { t } = useTranslation('auth');
  const modal = useAuthModal();
  return (
    <Stack direction={direction} spacing={1}>
      <Button
        variant="outlined"
        onClick={() => {
          onOpen?.();
          modal.open('login');
        }}
      >
        {t('login')}
      </Button>
      <Button
        variant="contained"
        onClick={() => {
          onOpen?.();
          modal.open('register');
        }}
      >
        {t('register')}
      </Button>
    </Stack>
  );
}
