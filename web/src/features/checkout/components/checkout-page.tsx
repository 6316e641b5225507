import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PageContainer } from '../../../components/layout/page-container';
import { PageLoader } from '../../../components/ui/page-loader';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useToast } from '../../../components/ui/toast/use-toast';
import { formatMoney } from '../../../lib/format';
import { toLanguage } from '../../../lib/language';
import { queryRoots } from '../../../lib/query-roots';
import { useLanguage } from '../../../lib/use-language';
import { useSession } from '../../../lib/current-user';
import { checkoutMachine, confirmCardWithTestGateway, FINAL_CODES, type CardOutcome, type CardSubmission } from '../machines/checkout-machine';
import type { PaymentIntent } from '../api/create-payment-intent';
import { saveLearnerDetails, type LearnerDetails } from '../api/learner-details';
import { LearnerCaseSummary } from './learner-case-summary';
import { LearnerDetailsStep } from './learner-details-step';
import type { StripeConfirmer } from './stripe-card-form';
import { cardErrorMessage } from './card-error-message';
import { CardForm } from './card-form';
import { EligibilityNotice } from './eligibility-notice';
import { OrderSummary } from './order-summary';
import { RefundRule } from './refund-rule';

// Stripe.js and its card field load only when Stripe is the provider.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

/** Where Stripe Elements puts its confirmation once Stripe.js has loaded, for the machine to call. */
function confirmerSlot() {
  let current: StripeConfirmer | null = null;
  return {
    get: () => current,
    set: (confirm: StripeConfirmer | null) => {
      current = confirm;
    },
  };
}

function returnUrlFor(bookingId: string): string {
  return `${window.location.origin}/payment-success?booking_id=${encodeURIComponent(bookingId)}`;
}

export function CheckoutPage({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('checkout');
  const language = useLanguage();
  const toast = useToast();
  const navigate = useNavigate();

  // The machine outlives this render: its actions translate at the moment they run, in the language of that moment.
  // The toaster and the router's navigate are stable.
  const { i18n } = useTranslation();
  const session = useSession();
  const email = session.status === 'authenticated' ? session.user.email : null;
  // Stripe Elements hands its confirmation over once Stripe.js has loaded.
  const [stripeSlot] = useState(confirmerSlot);
  const queryClient = useQueryClient();
  const [machine] = useState(() => {
    const tr = () => i18n.getFixedT(null, 'checkout');
    return checkoutMachine.provide({
      actors: {
        confirmCard: fromPromise<CardOutcome, { intent: PaymentIntent; card: CardSubmission; returnUrl: string }>(async ({ input }) => {
          if (input.intent.provider === 'test') return confirmCardWithTestGateway(input);
          const confirm = stripeSlot.get();
          if (!confirm) return { status: 'failed', error: { code: 'processing_error', declineCode: null, message: null } };
          return confirm({ clientSecret: input.intent.clientSecret, cardholderName: input.card.cardholderName });
        }),
        saveDetails: fromPromise(async ({ input }: { input: { bookingId: string; details: LearnerDetails } }) => {
          const saved = await saveLearnerDetails(input.bookingId, input.details, toLanguage(i18n.resolvedLanguage ?? i18n.language));
          // The profile changed: the account page and the booking lists read it again.
          if (saved.profile) void queryClient.invalidateQueries({ queryKey: queryRoots.profile });
          void queryClient.invalidateQueries({ queryKey: queryRoots.bookings });
          return saved.learnerCase;
        }),
      },
      actions: {
        notifyIntentFailed: ({ context }, { message }) => {
          // A centre that no longer sells: the page says it all, under its own title; a toast over it would hide that title on a phone.
          if (context.failureCode === 'SELLER_NOT_VERIFIED') return;
          toast({ variant: 'destructive', title: tr()('errors.paymentErrorTitle'), description: message ?? tr()('errors.invalidResponse') });
        },
        notifyCardDeclined: (_, { error }) => {
          toast({ variant: 'destructive', title: tr()('errors.paymentFailedTitle'), description: cardErrorMessage(tr(), error) });
        },
        notifyRecordFailed: () => {
          toast({ variant: 'destructive', title: tr()('errors.paymentErrorTitle'), description: tr()('errors.recordFailed') });
        },
        notifyIntentReplaced: () => {
          toast({ variant: 'default', title: tr()('intentReplaced.title'), description: tr()('intentReplaced.body') });
        },
        // The same success view as after 3-D Secure, in place of the checkout (Back does not return to a paid form).
        showSuccess: (_, { bookingId: paid, paymentIntentId }) =>
          void navigate(`/payment-success?booking_id=${encodeURIComponent(paid)}&payment_intent=${encodeURIComponent(paymentIntentId)}`, { replace: true }),
        redirectToChallenge: (_, { url }) => window.location.assign(url),
      },
    });
  });
  const [snapshot, send] = useMachine(machine, { input: { bookingId, returnUrl: returnUrlFor(bookingId) } });
  const { intent, failureMessage, failureCode } = snapshot.context;

  // Back from the bank's 3-D Secure page, the browser may show this page from its cache, as it was left:
  // the payment is opened again (the server replaces an intent left waiting for its challenge).
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) send({ type: 'page.restored' });
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [send]);

  const backButton = (
    <Button component={RouterLink} to="/dashboard" variant="outlined" startIcon={<ArrowBackIcon aria-hidden="true" />}>
      {t('backToDashboard')}
    </Button>
  );

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
      <StatusPanel
        tone="error"
        role="alert"
        icon={<ErrorOutlineIcon />}
        title={sellerGone ? t('errors.sellerNotVerifiedTitle') : t('errors.paymentErrorTitle')}
        actions={
          <>
            {final ? (
              <Button component={RouterLink} to="/courses" variant="contained">
                {t('findCourse')}
              </Button>
            ) : (
              <Button variant="contained" onClick={() => send({ type: 'retry' })}>
                {t('actions.retry', { ns: 'common' })}
              </Button>
            )}
            {backButton}
          </>
        }
      >
        <Typography>{failureMessage ?? t('errors.invalidResponse')}</Typography>
      </StatusPanel>
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
    const amountLabel = formatMoney(intent.amount, language, intent.currency);
    const busy = snapshot.matches('confirmingCard') || snapshot.matches('recordingPayment') || snapshot.matches('redirectingToChallenge');
    body = (
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }} sx={{ order: { md: 2 } }}>
          <OrderSummary intent={intent} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card component="section" aria-labelledby="card-payment-title">
            <CardContent>
              <Typography id="card-payment-title" component="h2" variant="h4" sx={{ mb: 2.5 }}>
                {t('card.title')}
              </Typography>
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
              {snapshot.matches('recordingPayment') || snapshot.matches('redirectingToChallenge') ? (
                <Box role="status" sx={{ mb: 2.5 }}>
                  <Typography variant="body2" sx={{ mb: 1 }}>
                    {snapshot.matches('recordingPayment') ? t('recording') : t('redirecting')}
                  </Typography>
                  <LinearProgress aria-hidden="true" />
                </Box>
              ) : null}
              {snapshot.matches('recordFailed') ? (
                <Alert
                  severity="error"
                  role="alert"
                  sx={{ mb: 2.5 }}
                  action={
                    <Button color="inherit" size="small" onClick={() => send({ type: 'retry' })}>
                      {t('actions.retry', { ns: 'common' })}
                    </Button>
                  }
                >
                  {t('errors.recordFailed')}
                </Alert>
              ) : null}
              {snapshot.context.cardError && snapshot.matches('awaitingCard') ? (
                <Alert severity="error" sx={{ mb: 2.5 }}>
                  {cardErrorMessage(t, snapshot.context.cardError)}
                </Alert>
              ) : null}
              {intent.provider === 'stripe' && intent.publishableKey ? (
                <Suspense fallback={<PageLoader label={t('loading')} />}>
                  <StripeCardForm
                    publishableKey={intent.publishableKey}
                    language={language}
                    email={email}
                    amountLabel={amountLabel}
                    busy={busy}
                    disabled={snapshot.matches('recordFailed')}
                    onReady={stripeSlot.set}
                    onSubmit={(cardholderName) => send({ type: 'card.submit', card: { cardholderName } })}
                  />
                </Suspense>
              ) : (
                <CardForm
                  amountLabel={amountLabel}
                  busy={busy}
                  disabled={intent.provider !== 'test' || snapshot.matches('recordFailed')}
                  onSubmit={(card) => send({ type: 'card.submit', card })}
                />
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    );
  }

  return (
    <PageContainer title={t('title')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}>
        <Typography component="h1" variant="h1">
          {t('title')}
        </Typography>
        {backButton}
      </Stack>
      {body}
    </PageContainer>
  );
}
