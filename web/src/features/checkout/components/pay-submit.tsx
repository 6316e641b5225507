import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The total and the pay button under either card form. */
export function PaySubmit({ amountLabel, busy, disabled }: { amountLabel: string; busy: boolean; disabled: boolean }) {
  const { t } = useTranslation('checkout');
  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', my: 2.5 }}>
        <Typography sx={{ fontWeight: 600 }}>{t('card.total')}</Typography>
        <Typography component="p" variant="h3">
          {amountLabel}
        </Typography>
      </Stack>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={busy || disabled}
        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : <LockOutlinedIcon aria-hidden="true" />}
      >
        {busy ? t('card.paying') : t('card.pay', { amount: amountLabel })}
      </Button>
    </>
  );
}
