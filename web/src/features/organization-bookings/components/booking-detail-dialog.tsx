import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateRange, formatLongDate, formatMoney, formatShortDate, formatTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { learnerCaseText, probationLine } from '../../../components/learner-case/learner-case-values';
import type { CentreBooking } from '../api/booking-queries';
import { BookingStatusChip, PaymentChip } from './booking-chips';

/** A booking's participant, course and payment (spec 001 §2), with its confirmation when PENDING, its move to another date and its convocation once confirmed. */
export function BookingDetailDialog({ booking, onClose, onApprove, onRecordPayment, onMove, onConvocation = null }: {
  booking: CentreBooking;
  onClose: () => void;
  onApprove: () => void;
  onRecordPayment: () => void;
  onMove: () => void;
  /** Downloads the participant's convocation; null when the booking has none (not confirmed, or cancelled). */
  onConvocation?: (() => void) | null;
}) {
  const { t } = useTranslation('organization');
  const { t: common } = useTranslation();
  const language = useLanguage();
  const titleId = useId();
  const probation = probationLine(booking.learnerCase, booking.course.endDate, common, language);
  const none = t('bookings.detail.none');
  const paymentNote = booking.paidAtCentre
    ? t('bookings.detail.paidAtCentre', {
      amount: formatMoney(booking.paidAtCentre.amount, language), method: t(`bookings.payment.methodInline.${booking.paidAtCentre.method}`),
      date: formatLongDate(`${booking.paidAtCentre.receivedOn}T12:00:00Z`, language),
    })
    : booking.dueAtCentre ? t('bookings.detail.dueAtCentre', { amount: formatMoney(booking.price, language) }) : null;
  const rows: Array<[string, ReactNode]> = [
    [t('bookings.detail.participant'), `${booking.user.firstName} ${booking.user.lastName}`],
    [t('bookings.detail.email'), <Link key="e" href={`mailto:${booking.user.email}`}>{booking.user.email}</Link>],
    [t('bookings.detail.phone'), booking.user.phoneNumber ?? none],
    [t('bookings.detail.license'), booking.user.licenseNumber ?? none],
    [t('bookings.detail.learnerCase'), (
      <Box key="c" component="span" sx={{ display: 'flex', flexDirection: 'column' }} data-testid="detail-learner-case">
        <span>{learnerCaseText(booking.learnerCase, common, language)}</span>
        {probation ? <Box component="span" sx={{ fontSize: '0.875rem', color: 'text.secondary' }}>{probation}</Box> : null}
      </Box>
    )],
    [t('bookings.detail.course'), `${booking.course.title} — ${booking.course.address}, ${booking.course.postalCode} ${booking.course.city}`],
    [t('bookings.detail.dates'), t('bookings.datesValue', {
      start: `${formatLongDate(booking.course.startDate, language)} ${formatTime(booking.course.startDate, language)}`,
      end: `${formatLongDate(booking.course.endDate, language)} ${formatTime(booking.course.endDate, language)}`,
    })],
    [t('bookings.detail.status'), <BookingStatusChip key="s" status={booking.status} />],
    [t('bookings.detail.payment'), (
      <Box key="p" component="span" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
        <PaymentChip booking={booking} />
        {paymentNote ? <Box component="span" sx={{ fontSize: '0.875rem' }} data-testid="payment-note">{paymentNote}</Box> : null}
      </Box>
    )],
    [t('bookings.detail.amount'), formatMoney(booking.movedFrom.length > 0 ? booking.price : (booking.payment?.amount ?? booking.price), language)],
    // After the course (issue 20): what the centre recorded, and the attestation of a completed course.
    ...(booking.status === 'COMPLETED' ? [[t('bookings.detail.attendance'), (
      <Box key="a" component="span" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }} data-testid="detail-attendance">
        <span>{t(`bookings.detail.attendanceOutcome.${booking.attendance?.outcome ?? 'NONE'}`)}</span>
        {booking.attendance?.outcome === 'COMPLETED' ? (
          <Link href={`/api/bookings/${encodeURIComponent(booking.id)}/attestation?lang=${language}`} download>{t('bookings.detail.attestation')}</Link>
        ) : null}
      </Box>
    )] as [string, ReactNode]] : []),
    [t('bookings.detail.bookedOn'), `${formatShortDate(booking.createdAt, language)} ${formatTime(booking.createdAt, language)}`],
    ...booking.movedFrom.map((move, index): [string, ReactNode] => [`${t('bookings.detail.movedFrom')}${index > 0 ? ` (${index + 1})` : ''}`, t('bookings.detail.movedFromValue', {
      date: formatShortDate(move.movedAt, language),
      city: move.course ? (language === 'en' ? move.course.titleEn : move.course.title) : '—',
      dates: move.course ? formatDateRange(move.course.startDate, move.course.endDate, language) : '',
    })]),
  ];
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('bookings.detail.title', { reference: booking.bookingReference })}</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' }, columnGap: 2, rowGap: 1 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ pt: { sm: 0.25 } }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('bookings.detail.close')}</Button>
        {onConvocation ? <Button onClick={onConvocation}>{t('bookings.detail.convocation')}</Button> : null}
        {booking.status === 'PENDING' ? (
          <Button variant="contained" onClick={onApprove}>
            {t('bookings.detail.approve')}
          </Button>
        ) : null}
        {booking.move.allowed ? (
          <Button variant="outlined" onClick={onMove}>
            {t('bookings.detail.move')}
          </Button>
        ) : null}
        {booking.dueAtCentre ? (
          <Button variant="contained" onClick={onRecordPayment}>
            {t('bookings.detail.recordPayment')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
