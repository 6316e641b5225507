import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageLoader } from '../../../components/ui/page-loader';
import { StatusPanel } from '../../../components/ui/status-panel';
import { toLanguage } from '../../../lib/language';
import { queryRoots } from '../../../lib/query-roots';
import { FINAL_CODES } from '../machines/checkout-machine';
import { saveLearnerDetails, type LearnerDetails } from '../api/learner-details';
import { LearnerCaseSummary } from './learner-case-summary';
import { LearnerDetailsStep } from './learner-details-step';
import { cardPaymentBusy, CardPaymentSection, PaymentFailedPanel, PaymentPage, useCardPaymentMachine } from './card-payment';
import { EligibilityNotice } from './eligibility-notice';
import { OrderSummary } from './order-summary';
import { RefundRule } from './refund-rule';

function returnUrlFor(bookingId: string): string {
  return `${window.location.origin}/payment-success?booking_id=${encodeURIComponent(bookingId)}`;
}

export function CheckoutPage({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('checkout');
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const payment = useCardPaymentMachine({
    bookingId,
    returnUrl: returnUrlFor(bookingId),
    // The same success view as after 3-D Secure.
    successUrl: (paid, paymentIntentId) => `/payment-success?booking_id=${encodeURIComponent(paid)}&payment_intent=${encodeURIComponent(paymentIntentId)}`,
    // A centre that no longer sells: the page says it all, under its own title; a toast over it would hide that title on a phone.
    quietIntentFailures: ['SELLER_NOT_VERIFIED'],
    implementations: () => ({
      actors: {
        saveDetails: fromPromise(async ({ input }: { input: { bookingId: string; details: LearnerDetails } }) => {
          const saved = await saveLearnerDetails(input.bookingId, input.details, toLanguage(i18n.resolvedLanguage ?? i18n.language));
          // The profile changed: the account page and the booking lists read it again.
          if (saved.profile) void queryClient.invalidateQueries({ queryKey: queryRoots.profile });
          void queryClient.invalidateQueries({ queryKey: queryRoots.bookings });
          return saved.learnerCase;
        }),
      },
    }),
  });
  const { snapshot, send } = payment;
  const { intent, failureMessage, failureCode } = snapshot.context;

  let body;
  if (snapshot.matches('creatingIntent')) {
    body = <PageLoader label={t('loading')} />;
  } else if (snapshot.matches('nothingToPay')) {
    const paid = failureCode === 'BOOKING_ALREADY_PAID';
    body = (
      <StatusPanel
        tone="success"
        role="status"
        icon={<CheckCircleOutlineIcon />}
        title={paid ? t('nothingToPay.paidTitle') : t('nothingToPay.confirmedTitle')}
        actions={
          <>
            <Button component={RouterLink} to="/dashboard" variant="contained">
              {t('success.goToDashboard')}
            </Button>
            {paid ? (
              <Button component="a" href={`/api/bookings/${encodeURIComponent(bookingId)}/invoice`} download variant="outlined">
                {t('nothingToPay.invoice')}
              </Button>
            ) : null}
          </>
        }
      >
        <Typography>{paid ? t('nothingToPay.paidBody') : t('nothingToPay.confirmedBody')}</Typography>
      </StatusPanel>
    );
  } else if (snapshot.matches('intentFailed') || !intent) {
    const final = FINAL_CODES.some((code) => code === failureCode);
    // The centre no longer sells: the server's words say why, that nothing was charged, and how to give the place up.
    const sellerGone = failureCode === 'SELLER_NOT_VERIFIED';
    body = (
      <PaymentFailedPanel
        title={sellerGone ? t('errors.sellerNotVerifiedTitle') : t('errors.paymentErrorTitle')}
        message={failureMessage}
        final={final}
        finalAction={
          <Button component={RouterLink} to="/courses" variant="contained">
            {t('findCourse')}
          </Button>
        }
        onRetry={() => send({ type: 'retry' })}
      />
    );
  } else if (snapshot.matches('succeeded')) {
    body = <PageLoader label={t('paymentSuccess.confirming')} />;
  } else if (snapshot.matches('askingDetails') || snapshot.matches('savingDetails')) {
    body = (
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }} sx={{ order: { md: 2 } }}>
          <OrderSummary intent={intent} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <LearnerDetailsStep
            intent={intent}
            saving={snapshot.matches('savingDetails')}
            error={snapshot.context.detailsError}
            onSubmit={(details) => send({ type: 'details.submit', details })}
          />
        </Grid>
      </Grid>
    );
  } else {
    const busy = cardPaymentBusy(snapshot);
    body = (
      <CardPaymentSection
        payment={payment}
        intent={intent}
        summary={<OrderSummary intent={intent} />}
        notices={
          <>
            <RefundRule refund={intent.refund} />
            <EligibilityNotice courseId={intent.course.id} />
            {intent.learnerCase ? (
              <LearnerCaseSummary learnerCase={intent.learnerCase} courseEndDate={intent.course.endDate} onChange={() => send({ type: 'details.edit' })} disabled={busy} />
            ) : null}
            {intent.provider === 'stripe' && !intent.publishableKey ? (
              <Alert severity="warning" sx={{ mb: 2.5 }}>
                {t('stripeNotConfigured')}
              </Alert>
            ) : null}
          </>
        }
      />
    );
  }

  return <PaymentPage title={t('title')}>{body}</PaymentPage>;
}
