import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import EventSeatOutlinedIcon from '@mui/icons-material/EventSeatOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { PageContainer } from '../../../components/layout/page-container';
import { PointsEligibilityNotice } from '../../../components/points/points-eligibility-notice';
import { StatusPanel } from '../../../components/ui/status-panel';
import { VisuallyHidden, visuallyHiddenSx } from '../../../components/ui/visually-hidden';
import { ReplacementNotice } from './replacement-notice';
import { isApiError } from '../../../lib/api-client';
import { formatDateRange, formatLongDate, formatMoney, formatTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { courseQueries, type Course } from '../api/course-queries';
import { courseAvailability } from '../utils/availability';
import { courseDescription, courseTitle } from '../utils/course-text';
import { backToSearch } from '../utils/search-params';
import { AvailabilityBadge } from './availability-badge';
import { BookingForm } from './booking-form';

/** One term of the course's description list: a dl may only hold dt/dd pairs, each pair in one div. */
function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div>
      <Typography component="dt" variant="subtitle2" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Box component="span" aria-hidden="true" sx={{ color: 'primary.main', display: 'flex' }}>
          {icon}
        </Box>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, pl: 4.5, color: 'text.secondary' }}>
        {children}
      </Typography>
    </div>
  );
}

/** The search the learner came from (text, filters, order, page), which the list's links hand over; the bare list otherwise. */
function useBackToSearch(): string {
  return backToSearch(useLocation().state);
}

/**
 * Only a 404 says the course does not exist; any other failure (5xx, no answer) says nothing of it. A page written by
 * the server hands its error over as JSON (entry-server.tsx), no longer an ApiError but still with its status.
 */
function isCourseMissing(error: unknown): boolean {
  const status = isApiError(error) ? error.status : typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return status === 404;
}

type Failure = { courseId: string; missing: boolean };

/**
 * Why the course could not be shown, kept while it is tried again: a query without data starts its new try as
 * pending, its error cleared, and the page would flash back to its skeleton, the focused "try again" button gone.
 * Null when the query has not failed, or has answered since.
 */
function useFailure(query: UseQueryResult<Course>, courseId: string): Failure | null {
  const [kept, setKept] = useState<Failure | null>(null);
  const failed = query.isError ? { courseId, missing: isCourseMissing(query.error) } : null;
  if (failed && (kept?.courseId !== failed.courseId || kept.missing !== failed.missing)) setKept(failed);
  return failed ?? (query.isFetching && query.data === undefined && kept?.courseId === courseId ? kept : null);
}

function BackLink() {
  const { t } = useTranslation('courses');
  return (
    <Button component={RouterLink} to={useBackToSearch()} startIcon={<ArrowBackIcon aria-hidden="true" />} sx={{ mb: 2 }}>
      {t('detail.back')}
    </Button>
  );
}

/**
 * The refund rule, said before booking (DOMAIN.md: stated before payment): a cancellation at least
 * `refundCutoffHours` before the start is refunded, with the last moment it applies to this course.
 */
function RefundRule({ course }: { course: Pick<Course, 'startDate' | 'refundCutoffHours'> }) {
  const { t } = useTranslation('courses');
  const language = useLanguage();
  const hours = course.refundCutoffHours;
  const deadline = new Date(Date.parse(course.startDate) - hours * 3_600_000).toISOString();
  // The moment the page opened: the rule said stays the same while it is read.
  const [openedAt] = useState(() => Date.now());
  const late = openedAt >= Date.parse(deadline);
  return (
    <Stack direction="row" spacing={1} data-testid="refund-rule" sx={{ alignItems: 'flex-start', color: 'text.secondary', mb: 2 }}>
      <Box aria-hidden="true" sx={{ display: 'flex', mt: '1px', '& svg': { fontSize: 20 } }}>
        <EventBusyOutlinedIcon />
      </Box>
      <Typography variant="body2">
        {late
          ? t('booking.refundRuleLate', { hours })
          : t('booking.refundRule', { hours, date: formatLongDate(deadline, language), time: formatTime(deadline, language) })}
      </Typography>
    </Stack>
  );
}

export function CourseDetailPage({
  courseId,
  isAuthenticated,
  isLearner = false,
  onAuthRequired,
  heldForMe = false,
  waitingList,
}: {
  courseId: string;
  isAuthenticated: boolean;
  /** A signed-in learner is told before booking when this course would earn them no points. */
  isLearner?: boolean;
  onAuthRequired: () => void;
  /** A place of this full course is held for the learner (an offer of its waiting list): the booking form takes it. */
  heldForMe?: boolean;
  /** The course's waiting list, under the booking form (the app composes it from its own feature). */
  waitingList?: (course: Course) => ReactNode;
}) {
  const { t } = useTranslation(['courses', 'common']);
  const language = useLanguage();
  // A failure stays shown until the learner tries again, rather than the page going back to loading on its own: a
  // page the server wrote with its failure (entry-server.tsx) hydrates as written.
  const query = useQuery({ ...courseQueries.detail(courseId), retryOnMount: false });
  const course = query.data;
  const failure = useFailure(query, courseId);
  const title = course
    ? courseTitle(course, language)
    : failure
      ? t(failure.missing ? 'detail.errorTitle' : 'detail.unavailableTitle')
      : t('detail.loading');
  const backTo = useBackToSearch();

  if (!course && failure?.missing) {
    return (
      <PageContainer title={title}>
        <StatusPanel
          tone="error"
          role="alert"
          icon={<ErrorOutlineIcon />}
          title={title}
          headingLevel="h1"
          actions={
            <Button component={RouterLink} to={backTo} variant="contained" startIcon={<ArrowBackIcon aria-hidden="true" />}>
              {t('detail.back')}
            </Button>
          }
        >
          <Typography>{t('detail.errorBody')}</Typography>
        </StatusPanel>
      </PageContainer>
    );
  }

  if (!course && failure) {
    const retrying = query.isFetching;
    return (
      <PageContainer title={title}>
        <StatusPanel
          tone="error"
          role="alert"
          icon={<CloudOffOutlinedIcon />}
          title={title}
          headingLevel="h1"
          actions={
            <>
              {/* aria-disabled rather than disabled while it runs: the button keeps the focus, for a second try. */}
              <Button
                variant="contained"
                onClick={retrying ? undefined : () => void query.refetch()}
                aria-disabled={retrying}
                aria-busy={retrying}
                startIcon={retrying ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
              >
                {t('common:actions.retry')}
              </Button>
              <Button component={RouterLink} to={backTo} variant="outlined" startIcon={<ArrowBackIcon aria-hidden="true" />}>
                {t('detail.back')}
              </Button>
            </>
          }
        >
          {/* No word left alone on the last line of the centred text. */}
          <Typography sx={{ textWrap: 'pretty' }}>{t('detail.unavailableBody')}</Typography>
        </StatusPanel>
        <Box role="status" sx={visuallyHiddenSx}>
          {retrying ? t('detail.loading') : null}
        </Box>
      </PageContainer>
    );
  }

  // Loading (a course answered with data is kept shown even when a later refetch fails).
  if (!course) {
    return (
      <PageContainer title={title}>
        <BackLink />
        <Box role="status">
          <Typography component="h1" variant="h1">
            <VisuallyHidden>{t('detail.loading')}</VisuallyHidden>
            <Skeleton variant="text" width="40%" aria-hidden="true" />
          </Typography>
          <Grid container spacing={3} sx={{ mt: 1 }}>
            <Grid size={{ xs: 12, md: 8 }}>
              <Skeleton variant="rounded" height={320} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Skeleton variant="rounded" height={240} />
            </Grid>
          </Grid>
        </Box>
      </PageContainer>
    );
  }

  const description = courseDescription(course, language);
  const availability = courseAvailability(course);
  const approval = course.organization.prefectApprovalReference;
  const summary = t('common:meta.course', {
    city: course.city,
    postalCode: course.postalCode,
    // A search engine shows 160 characters: the centre and the price matter more there than the weekdays.
    dates: formatDateRange(course.startDate, course.endDate, language, { weekday: false }),
    price: formatMoney(course.price, language),
    centre: course.organization.name,
  });

  const documentTitle = t('common:meta.courseTitle', {
    city: course.city,
    dates: formatDateRange(course.startDate, course.endDate, language, { weekday: false }),
    price: formatMoney(course.price, language),
  });

  return (
    <PageContainer title={title} documentTitle={documentTitle} description={summary}>
      <BackLink />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 3 }}>
        <Typography component="h1" variant="h1">
          {title}
        </Typography>
        <Box>
          <AvailabilityBadge course={course} size="medium" />
        </Box>
      </Stack>
      {course.status === 'SCHEDULED' ? <ReplacementNotice isLearner={isLearner} /> : null}
      {course.status === 'CANCELLED' ? (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="course-cancelled">
          <AlertTitle>{t('detail.cancelledTitle')}</AlertTitle>
          {t('detail.cancelledBody')}{' '}
          <Link component={RouterLink} to={backTo} color="inherit">
            {t('detail.otherCourses')}
          </Link>
        </Alert>
      ) : null}

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card>
            <CardContent>
              <Stack component="dl" spacing={2.5} sx={{ m: 0 }}>
                <Detail icon={<PlaceOutlinedIcon />} label={t('detail.address')}>
                  {course.address}
                  <br />
                  {`${course.postalCode} ${course.city}`}
                </Detail>
                <Detail icon={<CalendarMonthOutlinedIcon />} label={t('detail.dates')}>
                  {t('detail.startDate', { date: formatLongDate(course.startDate, language) })}
                  <br />
                  {t('detail.endDate', { date: formatLongDate(course.endDate, language) })}
                </Detail>
                <Detail icon={<ScheduleOutlinedIcon />} label={t('detail.schedule')}>
                  {t('detail.scheduleValue', { start: formatTime(course.startDate, language), end: formatTime(course.endDate, language) })}
                  <br />
                  {t('detail.duration')}
                </Detail>
                <Detail icon={<SchoolOutlinedIcon />} label={t('detail.organization')}>
                  {course.organization.name}
                  {approval ? (
                    <>
                      <br />
                      <span data-testid="prefect-approval">{t('detail.approval', { reference: approval })}</span>
                    </>
                  ) : null}
                </Detail>
                <Detail icon={<EventSeatOutlinedIcon />} label={t('detail.spots')}>
                  <span data-testid="spots-left">
                    {course.status === 'SCHEDULED' ? t('detail.spotsLeft', { count: course.spotsLeft, total: course.totalSpots }) : t(`detail.state.${availability as 'cancelled' | 'started' | 'finished'}`)}
                  </span>
                </Detail>
                {course.antsNumber ? (
                  <Detail icon={<ConfirmationNumberOutlinedIcon />} label={t('detail.ants')}>
                    {course.antsNumber}
                  </Detail>
                ) : null}
              </Stack>
              {description ? (
                <>
                  <Divider sx={{ my: 3 }} />
                  <Typography component="h2" variant="h4" sx={{ mb: 1 }}>
                    {t('detail.description')}
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-line' }}>{description}</Typography>
                </>
              ) : null}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
                {t('detail.pointsInfo')}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card component="section" aria-labelledby="booking-title" sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
            <CardContent>
              <Typography id="booking-title" component="h2" variant="h4" sx={{ mb: 1 }}>
                {t('booking.title')}
              </Typography>
              <Typography variant="subtitle2" color="text.secondary">
                {t('detail.price')}
              </Typography>
              <Typography component="p" variant="h2" sx={{ color: 'primary.main', mb: 2 }}>
                {formatMoney(course.price, language)}
              </Typography>
              {course.status === 'SCHEDULED' ? <RefundRule course={course} /> : null}
              {isLearner && course.status === 'SCHEDULED' ? <PointsEligibilityNotice courseId={course.id} sx={{ mb: 2 }} /> : null}
              {course.status === 'SCHEDULED' ? (
                <>
                  <BookingForm course={course} isAuthenticated={isAuthenticated} onAuthRequired={onAuthRequired} heldForMe={heldForMe} />
                  {waitingList?.(course)}
                </>
              ) : (
                // Cancelled, started or finished: nothing to book, a way to another course instead.
                <Stack spacing={2} data-testid="course-closed">
                  <Typography variant="body2" color="text.secondary">
                    {t('detail.notOpen')}
                  </Typography>
                  <Button component={RouterLink} to={backTo} variant="contained">
                    {t('detail.otherCourses')}
                  </Button>
                </Stack>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </PageContainer>
  );
}
