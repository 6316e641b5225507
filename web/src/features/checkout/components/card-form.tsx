import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PaySubmit } from './pay-submit';
import {
  EMPTY_CARD,
  formatCardNumber,
  formatExpiry,
  validateCard,
  type CardDetails,
  type CardFieldError,
  type CardFormValues,
} from '../utils/card-input';

type Props = {
  amountLabel: string;
  busy: boolean;
  disabled?: boolean;
  onSubmit: (card: CardDetails) => void;
};

export function CardForm({ amountLabel, busy, disabled = false, onSubmit }: Props) {
  const { t } = useTranslation('checkout');
  const [values, setValues] = useState<CardFormValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<Partial<Record<keyof CardFormValues, CardFieldError>>>({});

  const set = (field: keyof CardFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || disabled) return;
    const result = validateCard(values, new Date());
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.card);
  };

  const helper = (field: keyof CardFormValues) => {
    const error = errors[field];
    return error ? t(`validation.${error}`) : undefined;
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-busy={busy}>
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField
            label={t('card.cardholder')}
            name="cardholderName"
            autoComplete="cc-name"
            value={values.cardholderName}
            onChange={(event) => set('cardholderName', event.target.value)}
            error={Boolean(errors.cardholderName)}
            helperText={helper('cardholderName')}
            disabled={disabled}
            required
          />
        </Grid>
        <Grid size={12}>
          <TextField
            label={t('card.cardNumber')}
            name="cardNumber"
            autoComplete="cc-number"
            value={values.cardNumber}
            onChange={(event) => set('cardNumber', formatCardNumber(event.target.value))}
            error={Boolean(errors.cardNumber)}
            helperText={helper('cardNumber')}
            placeholder="4242 4242 4242 4242"
            disabled={disabled}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 7 }}>
          <TextField
            label={t('card.expiry')}
            name="expiry"
            autoComplete="cc-exp"
            value={values.expiry}
            onChange={(event) => set('expiry', formatExpiry(event.target.value))}
            error={Boolean(errors.expiry)}
            helperText={helper('expiry')}
            placeholder={t('card.expiryPlaceholder')}
            disabled={disabled}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <TextField
            label={t('card.cvc')}
            name="cvc"
            autoComplete="cc-csc"
            value={values.cvc}
            onChange={(event) => set('cvc', event.target.value.replace(/\D/g, '').slice(0, 4))}
            error={Boolean(errors.cvc)}
            helperText={helper('cvc')}
            disabled={disabled}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          />
        </Grid>
      </Grid>

      <PaySubmit amountLabel={amountLabel} busy={busy} disabled={disabled} />

      {/* A standing notice, not news: screen readers must not announce it as an alert. */}
      <Alert severity="info" role="note" aria-labelledby="secure-payment-title" icon={<LockOutlinedIcon />} sx={{ mt: 2.5 }}>
        <AlertTitle id="secure-payment-title">{t('secure.title')}</AlertTitle>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('secure.body')}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('secure.testCards')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
          <li>{t('secure.success')}</li>
          <li>{t('secure.declined')}</li>
          <li>{t('secure.challenge')}</li>
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('secure.anyValues')}
        </Typography>
      </Alert>
    </Box>
  );
}
