import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { useSession } from '../../features/auth/api/current-user';
import { homeForRole } from '../../features/auth/utils/roles';
import { FeaturedCourses } from '../../features/courses/components/featured-courses';
import { LocationSearchForm } from '../../features/courses/components/location-search-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export function HomeRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  useDocumentTitle(t('tagline'));

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
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <FeaturedCourses />
      </Container>
    </>
  );
}
