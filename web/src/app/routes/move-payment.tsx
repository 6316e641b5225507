import { Navigate, useParams } from 'react-router-dom';
import { RequireAuth } from '../../features/auth/components/require-auth';
import { MovePaymentPage } from '../../features/checkout/components/move-payment-page';

/** `/bookings/:bookingId/move/pay`: the learner pays the difference of a move to a dearer course. */
export function MovePaymentRoute() {
  const { bookingId = '' } = useParams();
  if (!bookingId) return <Navigate to="/dashboard" replace />;
  return (
    <RequireAuth whenAnonymous={<Navigate to="/" replace />}>
      <MovePaymentPage key={bookingId} bookingId={bookingId} />
    </RequireAuth>
  );
}
