import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import SearchIcon from '@mui/icons-material/Search';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import { useSession } from '../../lib/current-user';
import { homeForRole } from '../../features/auth/utils/roles';
import { CityLinks } from '../../features/courses/components/city-links';
import { FeaturedCourses } from '../../features/courses/components/featured-courses';
import { LocationSearchForm } from '../../features/courses/components/location-search-form';
import { localeOf } from '../../lib/language';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';

/** The sample reviews of the home page (specification §2): fixed texts, ratings out of 5. */
const TESTIMONIALS = [
  { key: 'sophie', rating: 5 },
  { key: 'thomas', rating: 4.5 },
  { key: 'nadia', rating: 5 },
] as const;

const BENEFITS = [
  { key: 'search', icon: <SearchIcon /> },
  { key: 'booking', icon: <EventAvailableOutlinedIcon /> },
  { key: 'centres', icon: <VerifiedUserOutlinedIcon /> },
] as const;

/** Steps 1 and 2 are shown done, step 3 still ahead: the bar stops half-way. */
const STEPS = [
  { key: 'search', active: true },
  { key: 'book', active: true },
  { key: 'recover', active: false },
] as const;
const STEPS_PROGRESS = 50;

export function HomeRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  useDocumentTitle(t('meta.homeTitle'), t('home.heroSubtitle'));

  if (session.status === 'authenticated') return <Navigate to={homeForRole(session.user.role)} replace />;

  return (
    <>
      <Box
        component="section"
        aria-labelledby="hero-title"
        sx={{
          background: 'linear-gradient(135deg, #0d3b8c 0%, #072a66 60%, #0a2450 100%)',
          color: 'common.white',
          py: { xs: 6, md: 10 },
        }}
      >
        <Container maxWidth="md">
          <Typography id="hero-title" component="h1" variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, mb: 2 }}>
            {t('home.heroTitle')}
          </Typography>
          <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.2rem' }, mb: 4, color: 'rgba(255,255,255,0.9)' }}>
            {t('home.heroSubtitle')}
          </Typography>
          <Paper sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography component="h2" variant="h4" sx={{ mb: 2, color: 'text.primary' }}>
              {t('home.searchTitle')}
            </Typography>
            <LocationSearchForm
              size="large"
              onSearch={(location) => void navigate(`/courses?location=${encodeURIComponent(location)}`)}
            />
          </Paper>
        </Container>
      </Box>
      <Benefits />
      <Steps />
      <Container component="div" maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <FeaturedCourses />
        <CityLinks />
      </Container>
      <Testimonials />
    </>
  );
}

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography id={id} component="h2" variant="h2" sx={{ mb: 3, textAlign: { md: 'center' } }}>
      {children}
    </Typography>
  );
}

function Benefits() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="benefits-title" sx={{ py: { xs: 5, md: 8 } }}>
      <Container maxWidth="lg">
        <SectionTitle id="benefits-title">{t('home.benefits.title')}</SectionTitle>
        <Grid container spacing={2.5}>
          {BENEFITS.map(({ key, icon }) => (
            <Grid key={key} size={{ xs: 12, md: 4 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent sx={{ p: 3 }}>
                  <Box
                    aria-hidden="true"
                    sx={{
                      display: 'inline-flex',
                      p: 1.5,
                      mb: 2,
                      borderRadius: '50%',
                      bgcolor: 'primary.main',
                      color: 'primary.contrastText',
                      '& svg': { fontSize: 28 },
                    }}
                  >
                    {icon}
                  </Box>
                  <Typography component="h3" variant="h4" sx={{ mb: 1 }}>
                    {t(`home.benefits.${key}.title`)}
                  </Typography>
                  <Typography color="text.secondary">{t(`home.benefits.${key}.text`)}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}

function Steps() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="steps-title" sx={{ py: { xs: 5, md: 8 }, bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <SectionTitle id="steps-title">{t('home.steps.title')}</SectionTitle>
        <Typography color="text.secondary" sx={{ mb: 4, mt: -1.5, textAlign: { md: 'center' } }}>
          {t('home.steps.intro')}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={STEPS_PROGRESS}
          aria-label={t('home.steps.progress')}
          aria-valuetext={t('home.steps.progressValue')}
          sx={{ height: 8, borderRadius: 4, mb: 4, bgcolor: 'divider' }}
        />
        <Grid component="ol" container spacing={3} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {STEPS.map(({ key, active }, index) => (
            <Grid component="li" key={key} size={{ xs: 12, md: 4 }}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Box
                  aria-hidden="true"
                  sx={{
                    flexShrink: 0,
                    width: 44,
                    height: 44,
                    borderRadius: '50%',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    fontWeight: 700,
                    fontSize: '1.15rem',
                    border: 2,
                    borderColor: active ? 'primary.main' : 'text.secondary',
                    bgcolor: active ? 'primary.main' : 'background.paper',
                    color: active ? 'primary.contrastText' : 'text.secondary',
                  }}
                >
                  {index + 1}
                </Box>
                <Box>
                  <Typography variant="overline" component="p" sx={{ color: active ? 'primary.main' : 'text.secondary', lineHeight: 1.6 }}>
                    {t('home.steps.number', { number: index + 1 })}
                  </Typography>
                  <Typography component="h3" variant="h4" sx={{ mb: 1 }}>
                    {t(`home.steps.${key}.title`)}
                  </Typography>
                  <Typography color="text.secondary">{t(`home.steps.${key}.text`)}</Typography>
                </Box>
              </Stack>
            </Grid>
          ))}
        </Grid>
        <Box sx={{ mt: 5, textAlign: 'center' }}>
          <Button component={RouterLink} to="/courses" variant="contained" size="large">
            {t('home.steps.cta')}
          </Button>
        </Box>
      </Container>
    </Box>
  );
}

function Testimonials() {
  const { t } = useTranslation();
  const language = useLanguage();
  const rating = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 });
  // No-break spaces inside French guillemets: a guillemet never wraps to a line of its own.
  const quoted = (text: string) => (language === 'fr' ? `«\u00a0${text}\u00a0»` : `“${text}”`);
  return (
    <Box component="section" aria-labelledby="testimonials-title" sx={{ py: { xs: 5, md: 8 }, bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <SectionTitle id="testimonials-title">{t('home.testimonials.title')}</SectionTitle>
        <Grid container spacing={2.5}>
          {TESTIMONIALS.map(({ key, rating: value }) => (
            <Grid key={key} size={{ xs: 12, md: 4 }}>
              <Card component="figure" variant="outlined" sx={{ height: '100%', m: 0 }}>
                <CardContent sx={{ p: 3 }}>
                  <Rating
                    value={value}
                    precision={0.5}
                    readOnly
                    getLabelText={(stars) => t('home.testimonials.rating', { value: rating.format(stars) })}
                    sx={{ mb: 1.5, color: 'warning.main' }}
                  />
                  <Typography component="blockquote" sx={{ m: 0, mb: 2, fontStyle: 'italic' }}>
                    {quoted(t(`home.testimonials.${key}.comment`))}
                  </Typography>
                  <Typography component="figcaption" variant="body2" color="text.secondary">
                    <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
                      {t(`home.testimonials.${key}.name`)}
                    </Box>
                    {`, ${t(`home.testimonials.${key}.city`)}`}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
