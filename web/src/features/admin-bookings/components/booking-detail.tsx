import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AdminBookingDto } from '@recup/query-api/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { DetailSection, FieldList } from '../../../components/admin/field-list';
import { BookingStatusChip, PaymentStatusChip } from '../../../components/admin/status-chips';
import { formatDateRange, formatLongDate, formatMoney } from '../../../lib/format';
import { formatShortDateTime } from '../../../components/admin/admin-format';
import { useLanguage } from '../../../lib/use-language';
import { learnerCaseText, probationLine } from '../../../components/learner-case/learner-case-values';

/** A booking as the hub of its story: the learner, the course, and its payment with a link to it (pretix's order page). */
export function BookingDetail({ booking, loading, error }: { booking: AdminBookingDto | undefined; loading: boolean; error: boolean }) {
  const { t } = useTranslation('admin');
  const { t: common } = useTranslation();
  const language = useLanguage();
  if (loading) return <Skeleton variant="rounded" height={320} />;
  if (error || !booking) return <Alert severity="error">{t('common.loadError')}</Alert>;
  const { course, user, payment } = booking;
  const confirmedBy = booking.confirmedBy === 'centre' ? t('bookings.detail.confirmedByCentre') : booking.confirmedBy === 'payment' ? t('bookings.detail.confirmedByPayment') : null;
  const cancelledBy = { learner: t('bookings.detail.cancelledByLearner'), admin: t('bookings.detail.cancelledByAdmin'), courseCancelled: t('bookings.detail.cancelledByCourse') };
  // A booking the centre confirmed unpaid is paid at the centre, not online: said as the centre's own screens say it.
  const atCentre = booking.paidAtCentre
    ? t('bookings.detail.paidAtCentre', {
      amount: formatMoney(booking.paidAtCentre.amount, language),
      method: t(`bookings.detail.centreMethods.${booking.paidAtCentre.method}`),
      date: formatLongDate(`${booking.paidAtCentre.receivedOn}T12:00:00Z`, language),
    })
    : booking.dueAtCentre
      ? t('bookings.detail.dueAtCentre', { amount: formatMoney(booking.price, language) })
      : null;
  return (
    <>
      <DetailSection title={t('bookings.detail.booking')}>
        <FieldList
          items={[
            [t('bookings.columns.reference'), booking.reference],
            [t('bookings.columns.status'), <><BookingStatusChip status={booking.status} />{booking.expired ? <Typography component="span" variant="body2" sx={{ ml: 1 }}>{t('status.expired')}</Typography> : null}</>],
            [t('bookings.columns.amount'), formatMoney(booking.price, language)],
            [t('bookings.detail.createdAt'), formatShortDateTime(booking.createdAt, language)],
            ...(confirmedBy && booking.confirmedAt ? [[t('bookings.detail.confirmedBy'), `${confirmedBy} · ${formatShortDateTime(booking.confirmedAt, language)}`] as const] : []),
            ...(booking.cancelledBy && booking.cancelledAt ? [[t('bookings.detail.cancelledBy'), `${cancelledBy[booking.cancelledBy]} · ${formatShortDateTime(booking.cancelledAt, language)}`] as const] : []),
            ...booking.movedFrom.map((move) => [t('bookings.detail.movedFrom'), t('bookings.detail.movedFromValue', {
              date: formatShortDateTime(move.movedAt, language),
              by: t(`bookings.detail.movedBy.${move.by}`),
              city: move.course ? (language === 'en' ? move.course.titleEn : move.course.title) : '—',
              dates: move.course ? formatDateRange(move.course.startDate, move.course.endDate, language) : '',
            })] as const),
            [
              t('bookings.detail.invoice'),
              booking.invoice ? (
                <>
                  {booking.invoice.number}{' '}
                  <Link href={`/api/bookings/${encodeURIComponent(booking.id)}/invoice`} download sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, ml: 1 }}>
                    <PictureAsPdfOutlinedIcon fontSize="small" aria-hidden="true" />
                    {t('bookings.detail.downloadInvoice')}
                  </Link>
                </>
              ) : null,
            ],
            ...(booking.status === 'CONFIRMED' || booking.status === 'COMPLETED'
              ? [[
                t('bookings.detail.convocation'),
                <Link key="convocation" href={`/api/bookings/${encodeURIComponent(booking.id)}/convocation`} download sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  <PictureAsPdfOutlinedIcon fontSize="small" aria-hidden="true" />
                  {t('bookings.detail.downloadConvocation')}
                </Link>,
              ] as const]
              : []),
          ]}
        />
      </DetailSection>
      <DetailSection title={t('bookings.detail.learner')}>
        <FieldList
          items={[
            [t('bookings.columns.user'), `${user.firstName} ${user.lastName}`],
            [t('bookings.detail.email'), <Link key="mail" href={`mailto:${user.email}`}>{user.email}</Link>],
            [t('bookings.detail.phone'), user.phoneNumber],
            [t('bookings.detail.license'), user.licenseNumber],
            [t('bookings.detail.learnerCase'), [learnerCaseText(booking.learnerCase, common, language), probationLine(booking.learnerCase, course.endDate, common, language)].filter(Boolean).join(' — ')],
          ]}
        />
      </DetailSection>
      <DetailSection title={t('bookings.detail.course')}>
        <FieldList
          items={[
            [t('bookings.columns.course'), course.title],
            [t('bookings.detail.centre'), course.organization.name],
            [t('courses.detail.schedule'), formatDateRange(course.startDate, course.endDate, language)],
            [t('courses.detail.address'), `${course.address}, ${course.postalCode} ${course.city}`],
          ]}
        />
      </DetailSection>
      <DetailSection
        title={t('bookings.detail.payment')}
        action={
          payment ? (
            <Button component={RouterLink} to={`/admin/payments?payment=${encodeURIComponent(payment.id)}`} size="small" endIcon={<OpenInNewIcon aria-hidden="true" />}>
              {t('bookings.detail.openPayment')}
            </Button>
          ) : null
        }
      >
        {atCentre ? (
          <Typography data-testid="centre-payment" sx={{ mb: payment ? 1.5 : 0 }}>
            {atCentre}
          </Typography>
        ) : null}
        {payment ? (
          <FieldList
            items={[
              [t('payments.columns.id'), payment.id],
              [t('payments.columns.status'), <><PaymentStatusChip status={payment.status} />{payment.refundPending ? <Typography component="span" variant="body2" sx={{ ml: 1 }}>{t('status.refundPending')}</Typography> : null}</>],
              [t('payments.columns.amount'), formatMoney(payment.amount, language)],
              [t('payments.columns.transaction'), payment.stripePaymentIntentId],
              [t('payments.columns.date'), formatShortDateTime(payment.createdAt, language)],
            ]}
          />
        ) : atCentre ? null : (
          <Typography color="text.secondary">{t('bookings.detail.noPayment')}</Typography>
        )}
      </DetailSection>
    </>
  );
}
