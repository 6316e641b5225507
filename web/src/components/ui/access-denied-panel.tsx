import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageContainer } from '../layout/page-container';
import { StatusPanel } from './status-panel';

/** For a page that needs a signed-in visitor: says so, with a way back. */
export function AccessDeniedPanel({ message, backTo = '/', backLabel }: { message?: string; backTo?: string; backLabel?: string }) {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('access.deniedTitle')} maxWidth="md">
      <StatusPanel
        tone="warning"
        role="alert"
        icon={<LockOutlinedIcon />}
        title={t('access.deniedTitle')}
        headingLevel="h1"
        actions={
          <Button component={RouterLink} to={backTo} variant="contained">
            {backLabel ?? t('access.back')}
          </Button>
        }
      >
        <Typography>{message ?? t('access.mustBeLoggedIn')}</Typography>
      </StatusPanel>
    </PageContainer>
  );
}
