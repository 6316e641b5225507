import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PageLoader } from '../../../components/ui/page-loader';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useToast } from '../../../components/ui/toast/use-toast';
import { serverMessageOf } from '../../../lib/api-client';
import { formatDateRange, formatMoney, formatTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import type { PaymentIntent } from '../api/create-payment-intent';
import { confirmMovePayment, createMovePaymentIntent, useAbandonMove, type MovePaymentIntent } from '../api/move-payment';
import { paidBookingQuery } from '../api/paid-booking';
import { cardPaymentBusy, CardPaymentSection, PaymentFailedPanel, PaymentPage, useCardPaymentMachine } from './card-payment';
import { EligibilityNotice } from './eligibility-notice';
import { RefundRule } from './refund-rule';

/** Answers after which paying the difference cannot help: the move no longer waits for it. */
const MOVE_FINAL_CODES = ['MOVE_HOLD_EXPIRED', 'MOVE_NOT_PENDING', 'BOOKING_NOT_FOUND'];

/** Where the card's outcome is recorded (the same page as the booking's own payment, told it is a move's difference). */
function movePaidUrl(bookingId: string, paymentIntentId?: string): string {
  const query = new URLSearchParams({ booking_id: bookingId, move: '1', ...(paymentIntentId ? { payment_intent: paymentIntentId } : {}) });
  return `/payment-success?${query.toString()}`;
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: strong ? 700 : 500 }}>
        {value}
      </Typography>
    </Stack>
  );
}

/** From which course to which, what was paid and what is left to pay. */
function MoveSummary({ intent, bookingId }: { intent: MovePaymentIntent; bookingId: string }) {
  const { t } = useTranslation('checkout');
  const language = useLanguage();
  const booking = useQuery(paidBookingQuery(bookingId));
  const from = booking.data?.course;
  const title = (course: { title: string; titleEn: string }) => (language === 'en' ? course.titleEn : course.title);
  return (
    <Card component="section" aria-labelledby="move-summary-title">
      <CardContent>
        <Typography id="move-summary-title" component="h2" variant="h4" sx={{ mb: 2 }}>
          {t('move.summaryTitle')}
        </Typography>
        <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
          {from ? <Row label={t('move.from')} value={`${title(from)} — ${formatDateRange(from.startDate, from.endDate, language)}`} /> : null}
          <Row label={t('move.to')} value={`${title(intent.course)} — ${formatDateRange(intent.course.startDate, intent.course.endDate, language)}`} />
          <Row label={t('summary.reference')} value={intent.booking.bookingReference} />
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          <Row label={t('move.priceAfter')} value={formatMoney(intent.move.priceAfter, language)} />
          <Row label={t('move.priceBefore')} value={formatMoney(intent.move.priceBefore, language)} />
          <Row label={t('move.difference')} value={formatMoney(intent.amount, language)} strong />
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * `/bookings/:bookingId/move/pay`: the learner pays the difference of a move to a dearer course by card (the same
 * card form and machine as the checkout, on the move's own payment); the new place is held meanwhile. Once paid, the
 * move completes; the learner may also keep their current date instead.
 */
export function MovePaymentPage({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('checkout');
  const language = useLanguage();
  const toast = useToast();
  const navigate = useNavigate();
  const abandon = useAbandonMove();
  const payment = useCardPaymentMachine({
    bookingId,
    returnUrl: `${window.location.origin}${movePaidUrl(bookingId)}`,
    successUrl: movePaidUrl,
    implementations: () => ({
      // The booking was confirmed before it moved: its case and licence details are asked at its own checkout (or
      // on the dashboard), never before the card that pays a move's difference.
      guards: { needsDetails: () => false },
      actors: {
        createIntent: fromPromise<PaymentIntent, { bookingId: string }>(({ input }) => createMovePaymentIntent(input.bookingId)),
        recordPayment: fromPromise<unknown, { bookingId: string; paymentIntentId: string }>(({ input }) => confirmMovePayment(input.bookingId, input.paymentIntentId)),
      },
    }),
  });
  const { snapshot, send } = payment;
  const intent = snapshot.context.intent as MovePaymentIntent | null;
  const { failureMessage, failureCode } = snapshot.context;

  const keepDate = () =>
    abandon.mutate(bookingId, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('move.givenUp') });
        void navigate('/dashboard');
      },
      onError: (error) => toast({ variant: 'destructive', title: t('errors.paymentErrorTitle'), description: serverMessageOf(error) ?? t('errors.paymentError') }),
    });

  let body;
  if (snapshot.matches('creatingIntent')) {
    body = <PageLoader label={t('loading')} />;
  } else if (snapshot.matches('nothingToPay')) {
    body = (
      <StatusPanel tone="success" role="status" icon={<CheckCircleOutlineIcon />} title={t('move.nothingTitle')} actions={<Button component={RouterLink} to="/dashboard" variant="contained">{t('success.goToDashboard')}</Button>}>
        <Typography>{t('move.nothingBody')}</Typography>
      </StatusPanel>
    );
  } else if (snapshot.matches('intentFailed') || !intent) {
    body = (
      <PaymentFailedPanel
        title={t('errors.paymentErrorTitle')}
        message={failureMessage}
        final={MOVE_FINAL_CODES.includes(failureCode ?? '')}
        finalAction={null}
        onRetry={() => send({ type: 'retry' })}
      />
    );
  } else if (snapshot.matches('succeeded')) {
    body = <PageLoader label={t('paymentSuccess.confirming')} />;
  } else {
    const busy = cardPaymentBusy(snapshot);
    body = (
      <CardPaymentSection
        payment={payment}
        intent={intent}
        summary={<MoveSummary intent={intent} bookingId={bookingId} />}
        notices={
          <>
            <Alert severity="warning" sx={{ mb: 2.5 }} data-testid="move-hold">
              {t('move.held', { time: formatTime(intent.move.holdExpiresAt, language) })}
            </Alert>
            <RefundRule refund={intent.refund} />
            <EligibilityNotice courseId={intent.course.id} replacing={bookingId} />
          </>
        }
        footer={
          <>
            <Divider sx={{ my: 2.5 }} />
            <Button variant="text" onClick={keepDate} disabled={busy || abandon.isPending}>
              {t('move.giveUp')}
            </Button>
          </>
        }
      />
    );
  }

  return <PaymentPage title={t('move.title')}>{body}</PaymentPage>;
}
