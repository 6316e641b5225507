import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import SearchOutlinedIcon from '@mui/icons-material/SearchOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ContentPage } from './content-page';
import { QuestionAccordion } from './question-accordion';

const stepIcons: Record<string, ReactNode> = {
  check: <FactCheckOutlinedIcon />,
  search: <SearchOutlinedIcon />,
  book: <EventAvailableOutlinedIcon />,
  pay: <CreditCardOutlinedIcon />,
  attend: <SchoolOutlinedIcon />,
  recover: <VerifiedOutlinedIcon />,
};

/** `/how-it-works`: the six steps from checking one's balance to getting the points back, five questions, a way to the courses. */
export function HowItWorksPage() {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const steps = t('howItWorks.steps', { returnObjects: true });
  const questions = t('howItWorks.questions', { returnObjects: true });

  return (
    <ContentPage title={tc('pages.howItWorks')} intro={t('howItWorks.intro')} maxWidth="lg">
      <Box component="section" aria-labelledby="steps-title" sx={{ mb: { xs: 6, md: 8 } }}>
        <Typography id="steps-title" component="h2" variant="h2" sx={{ mb: 3 }}>
          {t('howItWorks.stepsTitle')}
        </Typography>
        <Grid component="ol" container spacing={2.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {Object.entries(steps).map(([key, step], index) => (
            <Grid component="li" key={key} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
                    <Box
                      aria-hidden="true"
                      sx={{
                        display: 'grid',
                        placeItems: 'center',
                        width: 44,
                        height: 44,
                        flexShrink: 0,
                        borderRadius: '50%',
                        bgcolor: 'primary.main',
                        color: 'primary.contrastText',
                      }}
                    >
                      {stepIcons[key]}
                    </Box>
                    <Typography sx={{ color: 'primary.main', fontWeight: 700, textTransform: 'uppercase', fontSize: '0.85rem', letterSpacing: 0.5 }}>
                      {t('howItWorks.stepLabel', { number: index + 1 })}
                    </Typography>
                  </Stack>
                  <Typography component="h3" variant="h4" sx={{ mb: 1 }}>
                    {step.title}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary' }}>{step.body}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Box>

      <Box component="section" aria-labelledby="questions-title" sx={{ mb: { xs: 6, md: 8 }, maxWidth: 900 }}>
        <Typography id="questions-title" component="h2" variant="h2" sx={{ mb: 3 }}>
          {t('howItWorks.questionsTitle')}
        </Typography>
        <QuestionAccordion questions={questions} />
        <Link component={RouterLink} to="/faq" sx={{ display: 'inline-block', mt: 2, fontWeight: 600 }}>
          {t('howItWorks.moreQuestions')}
        </Link>
      </Box>

      <Box
        component="section"
        aria-labelledby="cta-title"
        sx={{
          background: 'linear-gradient(135deg, #0d3b8c 0%, #072a66 60%, #0a2450 100%)',
          color: 'common.white',
          borderRadius: 3,
          px: { xs: 2.5, sm: 5 },
          py: { xs: 4, sm: 5 },
          textAlign: 'center',
        }}
      >
        <Typography id="cta-title" component="h2" variant="h2" sx={{ mb: 1.5 }}>
          {t('howItWorks.cta.title')}
        </Typography>
        <Typography sx={{ mb: 3, color: 'rgba(255,255,255,0.9)' }}>{t('howItWorks.cta.body')}</Typography>
        <Button
          component={RouterLink}
          to="/courses"
          variant="contained"
          size="large"
          startIcon={<SearchOutlinedIcon aria-hidden="true" />}
          sx={{ bgcolor: 'common.white', color: 'primary.main', '&:hover': { bgcolor: '#e8eefb' } }}
        >
          {t('howItWorks.cta.button')}
        </Button>
      </Box>
    </ContentPage>
  );
}
