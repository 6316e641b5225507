import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateRange, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import type { Course } from '../api/course-queries';
import { courseTitle } from '../utils/course-text';
import { formatDistance } from '../utils/distance';
import { AvailabilityBadge } from './availability-badge';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', color: 'text.secondary' }}>
      <Box aria-hidden="true" sx={{ display: 'flex', mt: '1px', '& svg': { fontSize: 20 } }}>
        {icon}
      </Box>
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

/**
 * `fromSearch`: the address of the list it is shown in, handed to the course page so that its "Back to courses" leads
 * back to that search (text, filters, order and page).
 */
export function CourseCard({ course, headingLevel = 'h2', fromSearch }: { course: Course; headingLevel?: 'h2' | 'h3'; fromSearch?: string }) {
  const { t } = useTranslation('courses');
  const language = useLanguage();
  const titleId = useId();
  const title = courseTitle(course, language);
  const to = `/courses/${encodeURIComponent(course.id)}`;
  const state = fromSearch ? { fromSearch } : undefined;
  const approval = course.organization.prefectApprovalReference;

  return (
    <Card component="article" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
          <Typography id={titleId} component={headingLevel} variant="h4">
            <Link component={RouterLink} to={to} state={state} color="inherit">
              {title}
            </Link>
          </Typography>
          <AvailabilityBadge course={course} />
        </Stack>
        <Stack spacing={1}>
          <Fact icon={<CalendarMonthOutlinedIcon />}>{formatDateRange(course.startDate, course.endDate, language)}</Fact>
          <Fact icon={<PlaceOutlinedIcon />}>
            {`${course.postalCode} ${course.city}`}
            {typeof course.distanceKm === 'number'
              ? ` · ${t('card.distance', { distance: formatDistance(course.distanceKm, language) })}`
              : ''}
          </Fact>
          <Fact icon={<SchoolOutlinedIcon />}>{t('card.organization', { name: course.organization.name })}</Fact>
        </Stack>
        {approval || course.antsNumber ? (
          // French law: any advertisement of a course names the centre's approval and the course's prefecture number.
          <Typography variant="caption" component="p" color="text.secondary" data-testid="course-legal-numbers" sx={{ mt: 1.5, '& > span': { display: 'block' } }}>
            {approval ? <span>{t('card.approval', { reference: approval })}</span> : null}
            {course.antsNumber ? <span>{t('card.ants', { number: course.antsNumber })}</span> : null}
          </Typography>
        ) : null}
      </CardContent>
      <CardActions sx={{ px: 2.5, pb: 2.5, pt: 0, justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography component="p" variant="h5" sx={{ color: 'primary.main', fontWeight: 700 }}>
          {formatMoney(course.price, language)}
        </Typography>
        <Button component={RouterLink} to={to} state={state} variant="contained" aria-describedby={titleId}>
          {t('card.viewCourse')}
        </Button>
      </CardActions>
    </Card>
  );
}
