/**
 * Moving a booking to another date (issue 19 §4): the requests and answers of the command side. Pure: the web
 * imports these for its move dialog and the payment of a move's difference.
 */
import { z } from 'zod';
import { PaymentIntentResponse } from '../contracts';

/**
 * `POST /api/bookings/{id}/transfer`: the course to move to. `earlyStartRequested`: the new course starts within the
 * booking's 14-day withdrawal period and the learner expressly asks for it to start then (required in that case).
 */
export const MoveBookingRequest = z.object({ courseId: z.string().min(1).max(64), earlyStartRequested: z.boolean().optional() }).strict();
export type MoveBookingRequest = z.infer<typeof MoveBookingRequest>;

/**
 * `MOVED`: the booking now holds the new course (same reference); `refund`: the difference of a cheaper course, being
 * refunded on the card used. `PAYMENT_REQUIRED`: a dearer course, whose difference (`payment.amount`) the learner pays
 * by card at `payment.redirectUrl` before `payment.holdExpiresAt`; the new place is held until then.
 */
export const MoveBookingResponse = z.object({
  bookingId: z.string(),
  status: z.enum(['MOVED', 'PAYMENT_REQUIRED']),
  courseId: z.string(),
  priceBefore: z.number().int(),
  priceAfter: z.number().int(),
  refund: z.object({ amount: z.number().int(), status: z.enum(['REFUNDED', 'PENDING']) }).nullable(),
  payment: z.object({ amount: z.number().int(), holdExpiresAt: z.string(), redirectUrl: z.string() }).nullable(),
});
export type MoveBookingResponse = z.infer<typeof MoveBookingResponse>;

/**
 * `POST /api/bookings/{id}/transfer/payment-intent`: the payment of the difference, as the checkout's card form needs it
 * (`course`: the new one; `amount`: the difference only), with the move it completes.
 */
export const MovePaymentIntentResponse = PaymentIntentResponse.extend({
  move: z.object({
    fromCourseId: z.string(),
    priceBefore: z.number().int(),
    priceAfter: z.number().int(),
    /** The new place is held until then; unpaid, it is released and the booking stays as it is. */
    holdExpiresAt: z.string(),
  }),
});
export type MovePaymentIntentResponse = z.infer<typeof MovePaymentIntentResponse>;

export const ConfirmMovePaymentRequest = z.object({ paymentIntentId: z.string().min(1).max(255) }).strict();
export type ConfirmMovePaymentRequest = z.infer<typeof ConfirmMovePaymentRequest>;

export const ConfirmMovePaymentResponse = z.object({ bookingId: z.string(), status: z.literal('MOVED'), courseId: z.string() });
export type ConfirmMovePaymentResponse = z.infer<typeof ConfirmMovePaymentResponse>;
