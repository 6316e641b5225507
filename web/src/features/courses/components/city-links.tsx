import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { courseQueries } from '../api/course-queries';

/** A city's page is the course list searched around it. */
const cityPage = (city: string) => `/courses?location=${encodeURIComponent(city)}`;

/**
 * Each city with upcoming courses, a link to its page: how a visitor, and a search engine, reaches a city's courses
 * (issue 21). Nothing while they load or when they cannot be read: the search form above reaches them too.
 */
export function CityLinks() {
  const { t } = useTranslation();
  const query = useQuery(courseQueries.cities());
  const cities = query.data?.items ?? [];
  if (cities.length === 0) return null;
  return (
    <Box component="nav" aria-labelledby="city-links-title" sx={{ mt: { xs: 5, md: 8 } }}>
      <Typography id="city-links-title" component="h2" variant="h2" sx={{ mb: 3 }}>
        {t('home.cities.title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
        {cities.map(({ city, courses }) => (
          <li key={city}>
            <Link component={RouterLink} to={cityPage(city)} sx={{ fontWeight: 500 }}>
              {t('home.cities.link', { city })}
            </Link>{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({t('home.cities.count', { count: courses })})
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}
