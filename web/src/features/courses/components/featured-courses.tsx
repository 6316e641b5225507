import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { courseQueries } from '../api/course-queries';
import { isUpcoming } from '../utils/search-params';
import { CourseCard } from './course-card';
import { CourseCardSkeleton } from './course-card-skeleton';

const FEATURED_COUNT = 3;

/** The home page's first three courses of an unfiltered search. */
export function FeaturedCourses() {
  const { t } = useTranslation();
  // One small page (a few spare for a course that started since the server's Paris midnight), not every course.
  const query = useQuery(courseQueries.search({}, 1, FEATURED_COUNT * 2));
  const courses = useMemo(() => {
    const now = new Date();
    return (query.data?.items ?? []).filter((course) => isUpcoming(course, now)).slice(0, FEATURED_COUNT);
  }, [query.data]);

  return (
    <section aria-labelledby="featured-courses-title">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 3, flexWrap: 'wrap', gap: 1 }}>
        <Typography id="featured-courses-title" component="h2" variant="h2">
          {t('home.upcomingTitle')}
        </Typography>
        <Button component={RouterLink} to="/courses" variant="outlined">
          {t('home.viewAll')}
        </Button>
      </Stack>
      {query.isPending ? (
        <Grid container spacing={2.5} role="status">
          <VisuallyHidden>{t('home.loading')}</VisuallyHidden>
          {Array.from({ length: FEATURED_COUNT }, (_, index) => (
            <Grid key={index} size={{ xs: 12, sm: 6, md: 4 }}>
              <CourseCardSkeleton />
            </Grid>
          ))}
        </Grid>
      ) : query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        >
          <AlertTitle>{t('home.errorTitle')}</AlertTitle>
          {t('home.error')}
        </Alert>
      ) : courses.length === 0 ? (
        <Typography color="text.secondary">{t('home.empty')}</Typography>
      ) : (
        <Grid container spacing={2.5}>
          {courses.map((course) => (
            <Grid key={course.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <CourseCard course={course} headingLevel="h3" />
            </Grid>
          ))}
        </Grid>
      )}
    </section>
  );
}
