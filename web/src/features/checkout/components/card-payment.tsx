import ArrowBackIcon from '@mui/icons-material/ArrowBack';
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
import { useMachine } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PageContainer } from '../../../components/layout/page-container';
import { PageLoader } from '../../../components/ui/page-loader';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useToast } from '../../../components/ui/toast/use-toast';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useSession } from '../../../lib/current-user';
import { checkoutMachine, confirmCardWithTestGateway, type CardOutcome, type CardSubmission } from '../machines/checkout-machine';
import type { PaymentIntent } from '../api/create-payment-intent';
import type { StripeConfirmer } from './stripe-card-form';
import { cardErrorMessage } from './card-error-message';
import { CardForm } from './card-form';

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

type Implementations = Parameters<typeof checkoutMachine.provide>[0];
type CardPaymentSnapshot = SnapshotFrom<typeof checkoutMachine>;

/**
 * The checkout machine of a payment by card (the booking's own, or a move's difference), with what every such payment
 * does: the card confirmed by the test gateway or Stripe Elements, the toasts, the bank's 3-D Secure page, the page
 * opened again when the browser shows it from its cache. `implementations` adds the page's own guards and actors;
 * `successUrl` is where a paid card goes; an intent that fails with one of `quietIntentFailures` says so on the page
 * alone, with no toast.
 */
export function useCardPaymentMachine(options: {
  bookingId: string;
  returnUrl: string;
  successUrl: (bookingId: string, paymentIntentId: string) => string;
  quietIntentFailures?: readonly string[];
  implementations?: () => Pick<Implementations, 'guards' | 'actors'>;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  // The machine outlives this render: its actions translate at the moment they run, in the language of that moment.
  // The toaster and the router's navigate are stable.
  const { i18n } = useTranslation();
  // Stripe Elements hands its confirmation over once Stripe.js has loaded.
  const [stripeSlot] = useState(confirmerSlot);
  const [machine] = useState(() => {
    const tr = () => i18n.getFixedT(null, 'checkout');
    const own = options.implementations?.() ?? {};
    return checkoutMachine.provide({
      ...own,
      actors: {
        ...own.actors,
        confirmCard: fromPromise<CardOutcome, { intent: PaymentIntent; card: CardSubmission; returnUrl: string }>(async ({ input }) => {
          if (input.intent.provider === 'test') return confirmCardWithTestGateway(input);
          const confirm = stripeSlot.get();
          if (!confirm) return { status: 'failed', error: { code: 'processing_error', declineCode: null, message: null } };
          return confirm({ clientSecret: input.intent.clientSecret, cardholderName: input.card.cardholderName });
        }),
      },
      actions: {
        notifyIntentFailed: ({ context }, { message }) => {
          if (options.quietIntentFailures?.some((code) => code === context.failureCode)) return;
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
        // The success view, in place of the payment form (Back does not return to a paid form).
        showSuccess: (_, { bookingId: paid, paymentIntentId }) => void navigate(options.successUrl(paid, paymentIntentId), { replace: true }),
        redirectToChallenge: (_, { url }) => window.location.assign(url),
      },
    });
  });
  const [snapshot, send] = useMachine(machine, { input: { bookingId: options.bookingId, returnUrl: options.returnUrl } });

  // Back from the bank's 3-D Secure page, the browser may show this page from its cache, as it was left:
  // the payment is opened again (the server replaces an intent left waiting for its challenge).
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) send({ type: 'page.restored' });
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [send]);

  return { snapshot, send, stripeSlot };
}
export type CardPayment = ReturnType<typeof useCardPaymentMachine>;

/** While the card is confirmed, the payment recorded or the bank's page opened: nothing else may be changed. */
export function cardPaymentBusy(snapshot: CardPaymentSnapshot): boolean {
  return snapshot.matches('confirmingCard') || snapshot.matches('recordingPayment') || snapshot.matches('redirectingToChallenge');
}

/**
 * The card payment step: the page's summary beside (above, on a phone) the card section — its title, the page's own
 * notices, the progress and errors of the payment, the card form (the test gateway's or Stripe Elements), then the
 * page's own footer.
 */
export function CardPaymentSection({ payment, intent, summary, notices, footer }: {
  payment: CardPayment;
  intent: PaymentIntent;
  summary: ReactNode;
  notices: ReactNode;
  footer?: ReactNode;
}) {
  const { snapshot, send, stripeSlot } = payment;
  const { t } = useTranslation('checkout');
  const language = useLanguage();
  const session = useSession();
  const email = session.status === 'authenticated' ? session.user.email : null;
  const amountLabel = formatMoney(intent.amount, language, intent.currency);
  const busy = cardPaymentBusy(snapshot);
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 5 }} sx={{ order: { md: 2 } }}>
        {summary}
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Card component="section" aria-labelledby="card-payment-title">
          <CardContent>
            <Typography id="card-payment-title" component="h2" variant="h4" sx={{ mb: 2.5 }}>
              {t('card.title')}
            </Typography>
            {notices}
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
            {footer}
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}

/** The way back to the dashboard every payment page offers, in its header and under a failure. */
function BackToDashboard() {
  const { t } = useTranslation('checkout');
  return (
    <Button component={RouterLink} to="/dashboard" variant="outlined" startIcon={<ArrowBackIcon aria-hidden="true" />}>
      {t('backToDashboard')}
    </Button>
  );
}

/** A payment page: its title, the way back to the dashboard, then its body. */
export function PaymentPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageContainer title={title}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}>
        <Typography component="h1" variant="h1">
          {title}
        </Typography>
        <BackToDashboard />
      </Stack>
      {children}
    </PageContainer>
  );
}

/**
 * The payment could not be opened: why (the server's words), a retry unless retrying cannot help (`final`: then
 * `finalAction`, if any, in its place), and the way back to the dashboard.
 */
export function PaymentFailedPanel({ title, message, final, finalAction, onRetry }: {
  title: string;
  message: string | null;
  final: boolean;
  finalAction: ReactNode;
  onRetry: () => void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <StatusPanel
      tone="error"
      role="alert"
      icon={<ErrorOutlineIcon />}
      title={title}
      actions={
        <>
          {final ? (
            finalAction
          ) : (
            <Button variant="contained" onClick={onRetry}>
              {t('actions.retry', { ns: 'common' })}
            </Button>
          )}
          <BackToDashboard />
        </>
      }
    >
      <Typography>{message ?? t('errors.invalidResponse')}</Typography>
    </StatusPanel>
  );
}
