import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ContentPage } from './content-page';
import { QuestionAccordion } from './question-accordion';

/** `/faq`: four categories of four questions, then where to turn when the answer is not there. */
export function FaqPage() {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const categories = t('faq.categories', { returnObjects: true });

  return (
    <ContentPage title={tc('pages.faq')} intro={t('faq.intro')}>
      <Stack spacing={{ xs: 4, md: 5 }}>
        {Object.entries(categories).map(([key, category]) => (
          <Box component="section" key={key} aria-labelledby={`faq-${key}-title`}>
            <Typography id={`faq-${key}-title`} component="h2" variant="h2" sx={{ mb: 2 }}>
              {category.title}
            </Typography>
            <QuestionAccordion questions={category.questions} />
          </Box>
        ))}
        <Card component="section" aria-labelledby="faq-help-title">
          <CardContent sx={{ p: { xs: 2.5, sm: 4 }, textAlign: 'center' }}>
            <Box aria-hidden="true" sx={{ color: 'primary.main', mb: 1, '& svg': { fontSize: 44 } }}>
              <ForumOutlinedIcon />
            </Box>
            <Typography id="faq-help-title" component="h2" variant="h2" sx={{ mb: 1.5 }}>
              {t('faq.help.title')}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('faq.help.body')}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
              <Button component={RouterLink} to="/contact" variant="contained" size="large">
                {t('faq.help.contact')}
              </Button>
              <Button component={RouterLink} to="/courses" variant="outlined" size="large">
                {t('faq.help.courses')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Stack>
    </ContentPage>
  );
}
