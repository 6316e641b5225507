import { ConfirmPaymentResponse } from '@recup/command-api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';

/** Asks the server to record the payment; it checks the outcome with the gateway itself. */
export function confirmPayment(bookingId: string, paymentIntentId: string): Promise<ConfirmPaymentResponse> {
  return api.post(`/api/bookings/${encodeURIComponent(bookingId)}/confirm-payment`, {
    body: { paymentIntentId },
    schema: ConfirmPaymentResponse,
  });
}

export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, paymentIntentId }: { bookingId: string; paymentIntentId: string }) => confirmPayment(bookingId, paymentIntentId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryRoots.bookings });
    },
  });
}
