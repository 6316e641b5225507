import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateRange, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import type { PaymentIntent } from '../api/create-payment-intent';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 500 }}>
        {value}
      </Typography>
    </Stack>
  );
}

export function OrderSummary({ intent }: { intent: PaymentIntent }) {
  const { t } = useTranslation('checkout');
  const language = useLanguage();
  const { course } = intent;
  const title = language === 'en' && course.titleEn ? course.titleEn : course.title;
  return (
    <Card component="section" aria-labelledby="order-summary-title">
      <CardContent>
        <Typography id="order-summary-title" component="h2" variant="h4" sx={{ mb: 2 }}>
          {t('summary.title')}
        </Typography>
        <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
          <Row label={t('summary.course')} value={title} />
          <Row label={t('summary.date')} value={formatDateRange(course.startDate, course.endDate, language)} />
          <Row label={t('summary.location')} value={`${course.city} (${course.postalCode})`} />
          <Row label={t('summary.reference')} value={intent.booking.bookingReference} />
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography sx={{ fontWeight: 600 }}>{t('summary.price')}</Typography>
          <Typography component="p" variant="h3" sx={{ color: 'primary.main' }}>
            {formatMoney(course.price, language)}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
