import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrganizationCourseDto } from '@recup/query-api/contracts/organization';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatLongDate, formatMoney, formatTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

/** Spec 001 §2: green above 5 places left, yellow from 1 to 5, red when full. */
const spotsColour = (left: number) => (left <= 0 ? 'error' : left <= 5 ? 'warning' : 'success');

/** The next 3 courses: title, places left, date, price; an empty state offers to create one. */
export function NextCourses({ courses, canCreate }: { courses: OrganizationCourseDto[] | null; canCreate: boolean }) {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  return (
    <Box component="section" aria-labelledby="next-courses-title">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5, gap: 1, flexWrap: 'wrap' }}>
        <Typography id="next-courses-title" component="h2" variant="h3">
          {t('dashboard.next.title')}
        </Typography>
        <Button component={RouterLink} to="/organization/courses" size="small">
          {t('dashboard.next.viewAll')}
        </Button>
      </Stack>
      {courses === null ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      ) : courses.length === 0 ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 2 }}>
          <Typography color="text.secondary">{t('dashboard.next.empty')}</Typography>
          <Button component={RouterLink} to="/organization/courses?create=1" variant="contained" disabled={!canCreate}>
            {t('dashboard.next.create')}
          </Button>
        </Stack>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {courses.map((course, index) => (
            <Fragment key={course.id}>
              {index > 0 ? <Divider component="li" aria-hidden="true" /> : null}
              <Box component="li" sx={{ py: 1.5, display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }} data-testid="next-course">
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{course.title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {`${formatLongDate(course.startDate, language)} · ${formatTime(course.startDate, language)} · ${formatMoney(course.price, language)}`}
                  </Typography>
                </Box>
                <Chip
                  size="small"
                  color={spotsColour(course.spotsLeft)}
                  label={t('spots', { count: course.spotsLeft, total: course.totalSpots })}
                  aria-label={t('spotsLabel', { count: course.spotsLeft, total: course.totalSpots })}
                  data-spots={spotsColour(course.spotsLeft)}
                />
              </Box>
            </Fragment>
          ))}
        </Box>
      )}
    </Box>
  );
}
