import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardOutcome } from '../machines/checkout-machine';
import { confirmCardWithStripe } from '../utils/stripe-confirm';
import { PaySubmit } from './pay-submit';

/** What the checkout machine calls to confirm with Stripe, once Stripe.js and the card field are ready. */
export type StripeConfirmer = (input: { clientSecret: string; cardholderName: string }) => Promise<CardOutcome>;

type Props = {
  publishableKey: string;
  language: 'fr' | 'en';
  email: string | null;
  amountLabel: string;
  busy: boolean;
  disabled?: boolean;
  onReady: (confirm: StripeConfirmer | null) => void;
  onSubmit: (cardholderName: string) => void;
};

const stripeByKey = new Map<string, ReturnType<typeof loadStripe>>();

/** Stripe Elements' card field, loaded only when Stripe is the provider (its script comes from js.stripe.com). */
export default function StripeCardForm(props: Props) {
  const stripePromise = useMemo(() => {
    const key = `${props.publishableKey}:${props.language}`;
    if (!stripeByKey.has(key)) stripeByKey.set(key, loadStripe(props.publishableKey, { locale: props.language }));
    return stripeByKey.get(key)!;
  }, [props.publishableKey, props.language]);
  return (
    <Elements stripe={stripePromise} options={{ locale: props.language }}>
      <StripeFields {...props} />
    </Elements>
  );
}

function StripeFields({ email, amountLabel, busy, disabled = false, onReady, onSubmit }: Props) {
  const { t } = useTranslation('checkout');
  const theme = useTheme();
  const stripe = useStripe();
  const elements = useElements();
  const [cardholderName, setCardholderName] = useState('');
  const [nameError, setNameError] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [complete, setComplete] = useState(false);

  useEffect(() => {
    if (!stripe || !elements) return;
    onReady(async ({ clientSecret, cardholderName: name }) => {
      const card = elements.getElement(CardElement);
      if (!card) return { status: 'failed', error: { code: 'processing_error', declineCode: null, message: null } };
      return confirmCardWithStripe(stripe, { clientSecret, card, cardholderName: name, email });
    });
    return () => onReady(null);
  }, [stripe, elements, email, onReady]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || disabled || !stripe) return;
    const name = cardholderName.trim();
    setNameError(!name);
    if (!complete) setCardError(t('validation.cardNumber'));
    if (!name || !complete) return;
    onSubmit(name);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-busy={busy}>
      <Stack spacing={2}>
        <TextField
          label={t('card.cardholder')}
          name="cardholderName"
          autoComplete="cc-name"
          value={cardholderName}
          onChange={(event) => {
            setCardholderName(event.target.value);
            setNameError(false);
          }}
          error={nameError}
          helperText={nameError ? t('validation.cardholder') : undefined}
          disabled={disabled}
          required
        />
        <Box>
          <FormLabel required sx={{ display: 'block', mb: 1 }}>
            {t('card.cardDetails')}
          </FormLabel>
          <Box sx={{ border: 1, borderColor: cardError ? 'error.main' : 'divider', borderRadius: 1, px: 1.75, py: 2 }}>
            <CardElement
              options={{ hidePostalCode: true, disabled, style: { base: { fontSize: '16px', color: theme.palette.text.primary, fontFamily: theme.typography.fontFamily } } }}
              onChange={(event) => {
                setComplete(event.complete);
                setCardError(event.error?.message ?? null);
              }}
            />
          </Box>
          {cardError ? <FormHelperText error>{cardError}</FormHelperText> : null}
        </Box>
      </Stack>
      <PaySubmit amountLabel={amountLabel} busy={busy} disabled={disabled || !stripe} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('secure.stripe')}
      </Typography>
    </Box>
  );
}
