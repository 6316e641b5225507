import { Navigate, useSearchParams } from 'react-router-dom';
import { RequireAuth } from '../../features/auth/components/require-auth';
import { PaymentSuccessPage } from '../../features/checkout/components/payment-success-page';

export function PaymentSuccessRoute() {
  const [searchParams] = useSearchParams();
  return (
    // The specification sends anonymous visitors to /auth, which is no route of the product: signing in happens
    // in the modal, so they go home instead.
    <RequireAuth whenAnonymous={<Navigate to="/" replace />}>
      <PaymentSuccessPage paymentIntentId={searchParams.get('payment_intent')} bookingId={searchParams.get('booking_id')} move={searchParams.get('move') === '1'} />
    </RequireAuth>
  );
}
