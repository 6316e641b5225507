import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageContainer } from './page-container';

/** Pages whose content comes in a later issue: the real layout and title, a plain body. */
export function ComingSoonPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PageContainer title={title} maxWidth="md">
      <Typography component="h1" variant="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'text.secondary', mb: 3 }}>
        <ConstructionOutlinedIcon aria-hidden="true" color="primary" />
        {t('comingSoon.body')}
      </Typography>
      <Button component={RouterLink} to="/" variant="outlined">
        {t('comingSoon.backHome')}
      </Button>
    </PageContainer>
  );
}
