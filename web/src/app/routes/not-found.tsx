import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageContainer } from '../../components/layout/page-container';
import { StatusPanel } from '../../components/ui/status-panel';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('notFound.title')} description={t('notFound.body')} maxWidth="md">
      <StatusPanel
        title={t('notFound.title')}
        headingLevel="h1"
        actions={
          <Button component={RouterLink} to="/" variant="contained">
            {t('notFound.backHome')}
          </Button>
        }
      >
        <Typography>{t('notFound.body')}</Typography>
      </StatusPanel>
    </PageContainer>
  );
}
