import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthModal } from './auth-modal-context';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export function AuthModal() {
  const { t } = useTranslation('auth');
  const modal = useAuthModal();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const id = useId();
  const titleId = `${id}-title`;
  const tabId = (mode: string) => `${id}-tab-${mode}`;
  const panelId = (mode: string) => `${id}-panel-${mode}`;

  return (
    // The dialog body scrolls on its own (scroll="paper"), so the long sign-up form stays usable on a 360 px phone.
    <Dialog
      open={modal.show}
      onClose={modal.close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={modal.mode === 'login' ? 'xs' : 'sm'}
      scroll="paper"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {modal.mode === 'login' ? t('modal.loginTitle') : t('modal.registerTitle')}
      </DialogTitle>
      <IconButton aria-label={t('modal.close')} onClick={modal.close} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 3 }}>
        <Tabs value={modal.mode} onChange={(_, mode: 'login' | 'register') => modal.setMode(mode)} aria-label={t('modal.tabs')} variant="fullWidth">
          <Tab value="login" label={t('login')} id={tabId('login')} aria-controls={panelId('login')} />
          <Tab value="register" label={t('register')} id={tabId('register')} aria-controls={panelId('register')} />
        </Tabs>
      </Box>
      <DialogContent>
        <Box role="tabpanel" id={panelId(modal.mode)} aria-labelledby={tabId(modal.mode)} sx={{ pt: 1 }}>
          {modal.mode === 'login' ? <LoginForm /> : <RegisterForm />}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
