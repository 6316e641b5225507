import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AdminPaymentDto } from '@recup/query-api/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { DetailSection, FieldList } from '../../../components/admin/field-list';
import { BookingStatusChip, PaymentStatusChip } from '../../../components/admin/status-chips';
import { formatMoney, formatShortDate } from '../../../lib/format';
import { formatShortDateTime } from '../../../components/admin/admin-format';
import { useLanguage } from '../../../lib/use-language';

/** A payment with its booking (and a link to it), its learner, its invoice and the credit note of its refund. */
export function PaymentDetail({ payment, loading, error }: { payment: AdminPaymentDto | undefined; loading: boolean; error: boolean }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  if (loading) return <Skeleton variant="rounded" height={320} />;
  if (error || !payment) return <Alert severity="error">{t('common.loadError')}</Alert>;
  const when = (iso: string | null) => (iso ? formatShortDateTime(iso, language) : null);
  return (
    <>
      <DetailSection title={t('payments.detail.payment')}>
        <FieldList
          items={[
            [t('payments.columns.id'), payment.id],
            [t('payments.columns.status'), <><PaymentStatusChip status={payment.status} />{payment.refundPending ? <Typography component="span" variant="body2" sx={{ ml: 1 }}>{t('status.refundPending')}</Typography> : null}</>],
            [t('payments.columns.amount'), formatMoney(payment.amount, language)],
            [t('payments.columns.transaction'), payment.stripePaymentIntentId],
            [t('payments.detail.provider'), payment.provider === 'stripe' ? t('payments.detail.providerStripe') : t('payments.detail.providerTest')],
            [t('payments.detail.card'), payment.card ? `${payment.card.brand.toUpperCase()} •••• ${payment.card.last4}` : null],
            [t('payments.detail.createdAt'), when(payment.createdAt)],
            [t('payments.detail.succeededAt'), when(payment.succeededAt)],
            [t('payments.detail.refundedAt'), when(payment.refundedAt)],
            ...(payment.lastError ? [[t('payments.detail.lastError'), payment.lastError.reason] as const] : []),
            [t('payments.detail.learner'), payment.user ? `${payment.user.firstName} ${payment.user.lastName} · ${payment.user.email}` : null],
          ]}
        />
      </DetailSection>
      <DetailSection
        title={t('payments.detail.booking')}
        action={
          <Button component={RouterLink} to={`/admin/bookings?booking=${encodeURIComponent(payment.bookingId)}`} size="small" endIcon={<OpenInNewIcon aria-hidden="true" />}>
            {t('payments.detail.openBooking')}
          </Button>
        }
      >
        <FieldList
          items={[
            [t('bookings.columns.reference'), payment.booking?.reference ?? payment.bookingId],
            [t('bookings.columns.status'), payment.booking ? <BookingStatusChip status={payment.booking.status} /> : null],
            [t('payments.detail.invoice'), payment.invoice ? `${payment.invoice.number} · ${formatShortDate(payment.invoice.date, language)}` : null],
            [t('payments.detail.creditNote'), payment.creditNote ? t('payments.detail.creditNoteValue', { number: payment.creditNote.number, date: formatShortDate(payment.creditNote.date, language) }) : null],
          ]}
        />
        {payment.invoice ? (
          <Link href={`/api/bookings/${encodeURIComponent(payment.bookingId)}/invoice`} download sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1.5 }}>
            <PictureAsPdfOutlinedIcon fontSize="small" aria-hidden="true" />
            {t('payments.detail.download')}
          </Link>
        ) : null}
      </DetailSection>
    </>
  );
}
