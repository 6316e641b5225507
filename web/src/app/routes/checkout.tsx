import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { RequireAuth } from '../../features/auth/components/require-auth';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';

/** `/checkout/:bookingId`, or `/checkout?bookingId=`; without an id there is nothing to pay. */
export function CheckoutRoute() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const bookingId = params.bookingId ?? searchParams.get('bookingId') ?? '';
  if (!bookingId) return <Navigate to="/dashboard" replace />;
  return (
    <RequireAuth whenAnonymous={<Navigate to="/" replace />}>
      <CheckoutPage key={bookingId} bookingId={bookingId} />
    </RequireAuth>
  );
}
