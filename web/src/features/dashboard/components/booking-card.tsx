import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DirectionsOutlinedIcon from '@mui/icons-material/DirectionsOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { MoveBookingDialog } from '../../../components/booking-move/lazy-move-dialog';
import { directionsUrl } from '@recup/shared-events/courses/directions';
import { missedHalfDays } from '@recup/shared-events/courses/attendance';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { formatDateRange, formatLongDate, formatMoney, formatTime } from '../../../lib/format';
import { holdDeadline } from '../../../lib/hold-deadline';
import { localeOf, type Language } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language';
import type { Booking } from '../api/booking-queries';
import { BookingStatusChip } from './booking-status-chip';
import { CancelBookingDialog } from './cancel-booking-dialog';

/** The specification's pause before leaving for the checkout. */
const CHECKOUT_REDIRECT_MS = 500;

function Line({ icon, children, color = 'text.secondary', testId }: { icon: ReactNode; children: ReactNode; color?: string; testId?: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color }} data-testid={testId}>
      <Box aria-hidden="true" sx={{ display: 'flex', '& svg': { fontSize: 20 } }}>
        {icon}
      </Box>
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

/** Whether the booked course is expected to give points back (once a year, date to date); nothing once cancelled. */
function PointsLine({ eligibility }: { eligibility: Booking['pointsEligibility'] }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  if (!eligibility) return null;
  if (eligibility.earnsPoints) {
    const taken = eligibility.coursesLosingPoints.map((course) =>
      t('pointsEligibility.losingCourse', { ns: 'common', city: language === 'en' ? course.titleEn : course.title, dates: formatDateRange(course.startDate, course.endDate, language) }),
    );
    return (
      <>
        <Line icon={<VerifiedOutlinedIcon />} color="success.main" testId="booking-points">
          {t('card.pointsExpected')}
        </Line>
        {taken.length > 0 ? (
          <Line icon={<WarningAmberOutlinedIcon />} color="warning.main" testId="booking-points-taken">
            {t('card.pointsTaken', { count: taken.length, courses: new Intl.ListFormat(localeOf(language), { type: 'conjunction' }).format(taken) })}
          </Line>
        ) : null}
      </>
    );
  }
  return (
    <Line icon={<WarningAmberOutlinedIcon />} color="warning.main" testId="booking-points">
      {t('card.pointsNone', {
        previousEnd: eligibility.previousCourse ? formatLongDate(eligibility.previousCourse.endDate, language) : '',
        date: eligibility.eligibleFrom ? formatLongDate(eligibility.eligibleFrom, language) : '',
      })}
    </Line>
  );
}

/**
 * Where the money stands: until when an unpaid booking holds its spot; why an ended one ended and what became
 * of its money (never "payment failed" for an attempt that was merely cancelled); otherwise the payment's status,
 * online or at the centre.
 */
function MoneyLine({ booking, now }: { booking: Booking; now: Date }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  if (booking.status === 'PENDING' && booking.holdExpiresAt) {
    const hold = holdDeadline(booking.holdExpiresAt, now, language);
    return (
      <Line icon={<ScheduleOutlinedIcon />} color={hold.elapsed ? 'error.main' : 'warning.dark'} testId="booking-hold">
        {hold.elapsed ? t('card.holdElapsed') : hold.date ? t('card.heldUntilDay', { date: hold.date, time: hold.time }) : t('card.heldUntil', { time: hold.time })}
      </Line>
    );
  }
  if (booking.ending) {
    const what = t(`ending.${booking.ending.reason}`, { date: formatLongDate(booking.ending.at, language) });
    return (
      <Line icon={<CreditCardIcon />} testId="booking-ending">
        {t('ending.line', { what, money: t(`ending.${booking.ending.money}`) })}
      </Line>
    );
  }
  return <Line icon={<CreditCardIcon />} testId="booking-payment">{t('card.payment', { status: paymentStatusOf(booking, t, language) })}</Line>;
}

/** The payment's state; a booking the centre confirmed unpaid is paid at the centre, not online. */
function paymentStatusOf(booking: Booking, t: TFunction<'dashboard'>, language: Language): string {
  if (booking.paidAtCentre) {
    return t('paymentStatus.paidAtCentre', {
      method: t(`centreMethod.${booking.paidAtCentre.method}`),
      date: formatLongDate(`${booking.paidAtCentre.receivedOn}T12:00:00Z`, language),
    });
  }
  if (booking.dueAtCentre) return t('paymentStatus.dueAtCentre');
  return t(`paymentStatus.${booking.payment?.status ?? 'NONE'}`);
}

/**
 * What a confirmed booking's learner takes to the course: the convocation (PDF), the two days for their calendar
 * (ICS) and the way there. The files come in the page's language.
 */
function BeforeTheCourse({ booking, describedBy }: { booking: Booking; describedBy: string }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const documents = `/api/bookings/${encodeURIComponent(booking.id)}`;
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mt: 2 }} data-testid="booking-documents">
      <Button variant="outlined" size="small" component="a" href={`${documents}/convocation?lang=${language}`} download startIcon={<DescriptionOutlinedIcon aria-hidden="true" />} aria-describedby={describedBy}>
        {t('card.convocation')}
      </Button>
      <Button variant="outlined" size="small" component="a" href={`${documents}/calendar.ics?lang=${language}`} download startIcon={<EventAvailableOutlinedIcon aria-hidden="true" />} aria-describedby={describedBy}>
        {t('card.addToCalendar')}
      </Button>
      <Button size="small" component="a" href={directionsUrl(booking.course)} target="_blank" rel="noopener noreferrer" startIcon={<DirectionsOutlinedIcon aria-hidden="true" />} aria-describedby={describedBy}>
        {t('card.directions')}{' '}
        <VisuallyHidden>{t('card.newTab')}</VisuallyHidden>
      </Button>
    </Stack>
  );
}

/**
 * After the course (issue 20): whether the learner completed it, as the centre recorded it ("Stage suivi" / "Stage
 * non suivi", with the half-days missed), and the attestation of a completed course.
 */
function AfterTheCourse({ booking, describedBy }: { booking: Booking; describedBy: string }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const { attendance } = booking;
  if (!attendance || attendance.outcome === 'PENDING') {
    return <Line icon={<ScheduleOutlinedIcon />} testId="booking-attendance">{t('attendance.pending')}</Line>;
  }
  if (attendance.outcome === 'NOT_COMPLETED') {
    const missed = new Intl.ListFormat(language === 'fr' ? 'fr-FR' : 'en-GB', { type: 'conjunction' }).format(missedHalfDays(attendance.halfDays).map((halfDay) => t(`attendance.halfDays.${halfDay}`)));
    return (
      <Line icon={<HighlightOffIcon />} color="error.main" testId="booking-attendance">
        <strong>{t('attendance.notCompleted')}</strong>
        <VisuallyHidden>{' — '}</VisuallyHidden>
        <Box component="span" sx={{ display: 'block' }}>{t('attendance.missed', { halfDays: missed })}</Box>
      </Line>
    );
  }
  return (
    <>
      <Line icon={<TaskAltIcon />} color="success.main" testId="booking-attendance"><strong>{t('attendance.completed')}</strong></Line>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mt: 1 }}>
        <Button variant="outlined" size="small" component="a" href={`/api/bookings/${encodeURIComponent(booking.id)}/attestation?lang=${language}`} download startIcon={<WorkspacePremiumOutlinedIcon aria-hidden="true" />} aria-describedby={describedBy}>
          {t('attendance.attestation')}
        </Button>
      </Stack>
    </>
  );
}

/**
 * Changing the date (issue 19 §4): the move waiting for its difference (with the way to pay it), the last move made,
 * and until when the date can still be changed.
 */
function MoveLines({ booking, now }: { booking: Booking; now: Date }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const { move } = booking;
  const last = booking.movedFrom.at(-1);
  const started = Date.parse(booking.course.startDate) <= now.getTime();
  return (
    <>
      {move.pending ? (
        <Line icon={<ScheduleOutlinedIcon />} color="warning.dark" testId="booking-move-pending">
          {t('card.movePending', {
            city: move.pending.course ? (language === 'en' ? move.pending.course.titleEn : move.pending.course.title) : '',
            dates: move.pending.course ? formatDateRange(move.pending.course.startDate, move.pending.course.endDate, language) : '',
            amount: formatMoney(move.pending.amount, language),
            time: formatTime(move.pending.holdExpiresAt, language),
          })}
        </Line>
      ) : null}
      {last ? (
        <Line icon={<EventRepeatOutlinedIcon />} testId="booking-moved">
          {last.course
            ? t('card.movedFrom', {
              date: formatLongDate(last.movedAt, language, { weekday: false }),
              city: language === 'en' ? last.course.titleEn : last.course.title,
              dates: formatDateRange(last.course.startDate, last.course.endDate, language),
            })
            : t('card.movedFromUnknown', { date: formatLongDate(last.movedAt, language, { weekday: false }) })}
        </Line>
      ) : null}
      {booking.status === 'CONFIRMED' && !started && !move.pending ? (
        <Line icon={<EventRepeatOutlinedIcon />} testId="booking-move-until">
          {move.allowed && move.lastDay ? t('card.moveUntil', { date: formatLongDate(`${move.lastDay}T12:00:00Z`, language) }) : t('card.moveLate')}
        </Line>
      ) : null}
    </>
  );
}

export function BookingCard({ booking, now = new Date() }: { booking: Booking; now?: Date }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const navigate = useNavigate();
  const titleId = useId();
  const [leaving, setLeaving] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [moving, setMoving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const { course } = booking;
  const title = language === 'en' && course.titleEn ? course.titleEn : course.title;
  const courseUrl = `/courses/${encodeURIComponent(course.id)}`;

  const payNow = () => {
    setLeaving(true);
    timer.current = setTimeout(() => void navigate(`/checkout/${encodeURIComponent(booking.id)}`), CHECKOUT_REDIRECT_MS);
  };

  return (
    <Card component="article" aria-labelledby={titleId} data-testid="booking-card">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 1.5 }}>
          <Box>
            <Typography id={titleId} component="h2" variant="h4">
              <Link component={RouterLink} to={courseUrl} color="inherit">
                {title}
              </Link>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('card.reference', { reference: booking.bookingReference })}
            </Typography>
          </Box>
          <BookingStatusChip status={booking.status} />
        </Stack>
        <Stack spacing={0.75}>
          <Line icon={<CalendarMonthOutlinedIcon />}>{formatDateRange(course.startDate, course.endDate, language)}</Line>
          <Line icon={<PlaceOutlinedIcon />}>{`${course.postalCode} ${course.city} · ${course.organization.name}`}</Line>
          <MoneyLine booking={booking} now={now} />
          {/* A course not completed gives no points: the attendance line says so, and why. */}
          {booking.attendance?.outcome === 'NOT_COMPLETED' ? null : <PointsLine eligibility={booking.pointsEligibility} />}
          <MoveLines booking={booking} now={now} />
          {booking.status === 'COMPLETED' ? <AfterTheCourse booking={booking} describedBy={titleId} /> : null}
        </Stack>
        {booking.status === 'CONFIRMED' ? <BeforeTheCourse booking={booking} describedBy={titleId} /> : null}
      </CardContent>
      <CardActions sx={{ px: 2.5, pb: 2.5, pt: 0, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="p" variant="h5" sx={{ color: 'primary.main', fontWeight: 700 }}>
          <VisuallyHidden>{`${t('card.price')} `}</VisuallyHidden>
          {formatMoney(booking.price, language)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button component={RouterLink} to={courseUrl} aria-describedby={titleId}>
            {t('card.viewCourse')}
          </Button>
          {booking.status === 'PENDING' ? (
            <Button
              variant="contained"
              onClick={payNow}
              disabled={leaving}
              aria-describedby={titleId}
              startIcon={leaving ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
            >
              {t('card.payNow')}
            </Button>
          ) : null}
          {booking.move.pending ? (
            <Button variant="contained" component={RouterLink} to={`/bookings/${encodeURIComponent(booking.id)}/move/pay`} aria-describedby={titleId}>
              {t('card.payDifference')}
            </Button>
          ) : booking.move.allowed ? (
            <Button variant="outlined" onClick={() => setMoving(true)} aria-describedby={titleId} startIcon={<EventRepeatOutlinedIcon aria-hidden="true" />}>
              {t('card.changeDate')}
            </Button>
          ) : null}
          {booking.invoice ? (
            <Button component="a" href={`/api/bookings/${encodeURIComponent(booking.id)}/invoice`} download aria-describedby={titleId}>
              {t('card.invoice')}
            </Button>
          ) : null}
          {booking.cancellation.allowed ? (
            <Button variant="outlined" color="error" onClick={() => setCancelling(true)} aria-describedby={titleId}>
              {t('card.cancel')}
            </Button>
          ) : null}
        </Stack>
      </CardActions>
      <CancelBookingDialog booking={booking} open={cancelling} onClose={() => setCancelling(false)} />
      {moving ? <MoveBookingDialog bookingId={booking.id} viewer="learner" onClose={() => setMoving(false)} /> : null}
    </Card>
  );
}
