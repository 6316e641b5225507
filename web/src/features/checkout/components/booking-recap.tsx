import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BookingDto } from '@recup/query-api/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate, formatMoney, formatTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ justifyContent: 'space-between' }}>
      <Typography component="dt" color="text.secondary" sx={{ flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, textAlign: { sm: 'right' }, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** What was paid for, once: the course, where and when, the amount (or another one named, after a move), the reference and the invoice. */
export function BookingRecap({ booking, amount: shown }: { booking: BookingDto; amount?: { label: string; cents: number } }) {
  const { t } = useTranslation('checkout');
  const language = useLanguage();
  const { course } = booking;
  const title = language === 'en' && course.titleEn ? course.titleEn : course.title;
  const when = (iso: string) => t('paymentSuccess.recap.dayAndTime', { date: formatLongDate(iso, language), time: formatTime(iso, language) });
  const amount = booking.payment?.amount ?? booking.price;
  return (
    <>
      <Typography component="h2" variant="h4" sx={{ mb: 2 }}>
        {t('paymentSuccess.recap.title')}
      </Typography>
      <Stack component="dl" spacing={1.5} sx={{ m: 0 }} data-testid="booking-recap">
        <Row label={t('paymentSuccess.recap.course')}>{title}</Row>
        <Row label={t('paymentSuccess.recap.centre')}>{course.organization.name}</Row>
        <Row label={t('paymentSuccess.recap.address')}>{`${course.address}, ${course.postalCode} ${course.city}`}</Row>
        <Row label={t('paymentSuccess.recap.start')}>{when(course.startDate)}</Row>
        <Row label={t('paymentSuccess.recap.end')}>{when(course.endDate)}</Row>
        <Row label={shown?.label ?? t('paymentSuccess.recap.amount')}>{formatMoney(shown?.cents ?? amount, language)}</Row>
        <Row label={t('paymentSuccess.recap.reference')}>{booking.bookingReference}</Row>
        <Row label={t('paymentSuccess.recap.invoice')}>
          {booking.invoice ? (
            <Link href={`/api/bookings/${encodeURIComponent(booking.id)}/invoice`} download>
              {t('paymentSuccess.recap.invoiceLink', { number: booking.invoice.number })}
            </Link>
          ) : (
            t('paymentSuccess.recap.invoiceLater')
          )}
        </Row>
      </Stack>
      <Divider sx={{ my: 2 }} />
      <Typography variant="body2" color="text.secondary">
        {t('paymentSuccess.emailSent')} {t('paymentSuccess.recap.cancelRule')}
      </Typography>
    </>
  );
}
