import { ConfirmMovePaymentResponse, MovePaymentIntentResponse } from '@recup/command-api/contracts/moves';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';

export type MovePaymentIntent = MovePaymentIntentResponse;

/** Opens (or resumes) the payment of the difference of the learner's pending move to a dearer course. */
export function createMovePaymentIntent(bookingId: string): Promise<MovePaymentIntent> {
  return api.post(`/api/bookings/${encodeURIComponent(bookingId)}/transfer/payment-intent`, { schema: MovePaymentIntentResponse });
}

/** Asks the server to record the payment of the difference; it checks the outcome with the gateway itself, and completes the move. */
export function confirmMovePayment(bookingId: string, paymentIntentId: string): Promise<ConfirmMovePaymentResponse> {
  return api.post(`/api/bookings/${encodeURIComponent(bookingId)}/transfer/confirm-payment`, { body: { paymentIntentId }, schema: ConfirmMovePaymentResponse });
}

export function useConfirmMovePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, paymentIntentId }: { bookingId: string; paymentIntentId: string }) => confirmMovePayment(bookingId, paymentIntentId),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryRoots.bookings }), queryClient.invalidateQueries({ queryKey: queryRoots.courses })]),
  });
}

/** The learner keeps their current date: the pending move is given up and its held place released. */
export function useAbandonMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => api.delete(`/api/bookings/${encodeURIComponent(bookingId)}/transfer`),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryRoots.bookings }), queryClient.invalidateQueries({ queryKey: queryRoots.courses })]),
  });
}
