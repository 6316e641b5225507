import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate, formatTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import type { PaymentIntent } from '../api/create-payment-intent';

/**
 * The cancellation rule, stated before the card is asked for (a distance sale states its terms before payment):
 * refunded when cancelled at least the cut-off before the start, with the last day and hour that applies; or,
 * for a course that starts sooner than that, that a cancellation would not be refunded.
 */
export function RefundRule({ refund, now = new Date() }: { refund: PaymentIntent['refund']; now?: Date }) {
  const { t } = useTranslation('checkout');
  const language = useLanguage();
  const titleId = useId();
  const open = Date.parse(refund.until) > now.getTime();
  return (
    <Alert severity="info" role="note" aria-labelledby={titleId} icon={<EventAvailableOutlinedIcon />} sx={{ mb: 2.5 }} data-testid="refund-rule">
      <AlertTitle id={titleId}>{t('refundRule.title')}</AlertTitle>
      {open
        ? t('refundRule.until', { hours: refund.cutoffHours, date: formatLongDate(refund.until, language), time: formatTime(refund.until, language) })
        : t('refundRule.tooLate', { hours: refund.cutoffHours })}
    </Alert>
  );
}
