import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { PageContainer } from '../../../components/layout/page-container';
import { PageLoader } from '../../../components/ui/page-loader';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useConfirmPayment } from '../api/confirm-payment';
import { useConfirmMovePayment } from '../api/move-payment';
import { usePaidBooking } from '../api/paid-booking';
import { BookingRecap } from './booking-recap';
import { FINAL_CODES } from '../machines/checkout-machine';

/**
 * Where every payment ends (the card form, or the 3-D Secure challenge's return): records it, then says how it went,
 * with the recap. `move`: the payment of the difference of a move to a dearer course, which completes the move.
 */
export function PaymentSuccessPage({ paymentIntentId, bookingId, move = false }: { paymentIntentId: string | null; bookingId: string | null; move?: boolean }) {
  const { t } = useTranslation('checkout');
  const bookingPayment = useConfirmPayment();
  const movePayment = useConfirmMovePayment();
  const confirmation = move ? movePayment : bookingPayment;
  const { mutate } = confirmation;
  const sent = useRef(false);
  const paid = usePaidBooking(bookingId ?? '', confirmation.isSuccess && Boolean(bookingId));

  useEffect(() => {
    // Once per visit, even when React mounts effects twice in development.
    if (sent.current || !paymentIntentId || !bookingId) return;
    sent.current = true;
    mutate({ bookingId, paymentIntentId });
  }, [bookingId, paymentIntentId, mutate]);

  const viewBookings = (
    <Button component={RouterLink} to="/dashboard" variant="contained">
      {t('paymentSuccess.viewBookings')}
    </Button>
  );

  let body;
  if (!paymentIntentId || !bookingId) {
    body = (
      <StatusPanel tone="error" role="alert" icon={<ErrorOutlineIcon />} title={t('paymentSuccess.missingInfo')} headingLevel="h1" actions={viewBookings} />
    );
  } else if (confirmation.isSuccess) {
    // One success view for both ways of paying (a card at once, or after 3-D Secure): it stays until the learner leaves.
    body = (
      <Card component="section" role="status" aria-labelledby="payment-success-title">
        <CardContent sx={{ py: 4, px: { xs: 2.5, sm: 4 } }}>
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', mb: 3 }}>
            <CheckCircleOutlineIcon aria-hidden="true" color="success" sx={{ fontSize: 56 }} />
            <Typography id="payment-success-title" component="h1" variant="h2" sx={{ fontSize: '1.5rem' }}>
              {move ? t('move.paidTitle') : t('paymentSuccess.paidTitle')}
            </Typography>
            <Typography color="text.secondary">{move ? t('move.paidBody') : t('paymentSuccess.successBody')}</Typography>
          </Stack>
          {paid.data ? <BookingRecap booking={paid.data} amount={move ? { label: t('move.amount'), cents: paid.data.price } : undefined} /> : paid.isPending ? <PageLoader label={t('paymentSuccess.confirming')} /> : <Typography>{t('paymentSuccess.emailSent')}</Typography>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center', mt: 3 }}>
            {viewBookings}
          </Stack>
        </CardContent>
      </Card>
    );
  } else if (confirmation.isError) {
    // A declined card or a failed challenge is not the end: while the booking awaits payment, the checkout
    // opens it again. Once the booking no longer awaits payment, the way on is another course.
    const code = isApiError(confirmation.error) ? confirmation.error.code : null;
    const final = FINAL_CODES.some((known) => known === code) || (move && ['MOVE_HOLD_EXPIRED', 'MOVE_NOT_PENDING', 'MOVE_PAYMENT_SUPERSEDED'].includes(code ?? ''));
    const actions = (
      <>
        {final ? (
          <Button component={RouterLink} to="/courses" variant="contained">
            {t('findCourse')}
          </Button>
        ) : (
          <Button component={RouterLink} to={move ? `/bookings/${encodeURIComponent(bookingId)}/move/pay` : `/checkout/${encodeURIComponent(bookingId)}`} variant="contained">
            {move ? t('move.retry') : t('paymentSuccess.retry')}
          </Button>
        )}
        <Button component={RouterLink} to="/dashboard" variant="outlined">
          {t('paymentSuccess.viewBookings')}
        </Button>
      </>
    );
    body = (
      <StatusPanel tone="error" role="alert" icon={<ErrorOutlineIcon />} title={t('paymentSuccess.errorTitle')} headingLevel="h1" actions={actions}>
        <Typography>{serverMessageOf(confirmation.error) ?? t('errors.paymentError')}</Typography>
        {final ? null : <Typography>{move ? t('move.retryHint') : t('paymentSuccess.retryHint')}</Typography>}
      </StatusPanel>
    );
  } else {
    body = <PageLoader label={t('paymentSuccess.confirming')} />;
  }

  return (
    <PageContainer title={t('paymentSuccess.title')} maxWidth="md">
      {body}
    </PageContainer>
  );
}
