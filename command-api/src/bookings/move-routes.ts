import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConfirmMovePaymentRequest, ConfirmMovePaymentResponse, MoveBookingRequest, MoveBookingResponse, MovePaymentIntentResponse } from '../contracts/moves';
import { signedInActor } from '../core/actor';
import type { CommandApiDeps } from '../deps';
import { abandonMove, confirmMovePayment, createMovePaymentIntent } from '../payments/pay-move';
import { PaymentDeclined } from '../payments/payment-errors';
import { missingLicenceDetails } from './declare-learner-case';
import { moveBooking, type Mover } from './move-booking';

const BookingParams = z.object({ id: z.uuid() });

/** Where the learner pays the difference of a move to a dearer course. */
const movePaymentPath = (bookingId: string) => `/bookings/${encodeURIComponent(bookingId)}/move/pay`;

/**
 * Moving a booking to another date (issue 19 §4). One route for the three who may move it, authorised by role: the
 * learner their own booking (until the cut-off), the centre a booking of its courses (to another of its courses), an
 * administrator any; anyone else's booking does not exist (404). The learner pays a dearer course's difference on
 * the routes after it.
 */
export async function moveRoutes(app: FastifyInstance, deps: CommandApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/bookings/:id/transfer', { schema: { params: BookingParams, body: MoveBookingRequest, response: { 200: MoveBookingResponse } } }, async (request) => {
    const { user, metadata } = signedInActor(request, deps, ['USER', 'ORGANIZATION', 'ADMIN']);
    const mover: Mover = { by: user.role === 'ADMIN' ? 'admin' : user.role === 'ORGANIZATION' ? 'centre' : 'learner', userId: user.userId };
    const moved = await moveBooking(deps, request.params.id, mover, request.body, metadata);
    request.eventPosition = moved.position;
    const { status, courseId, priceBefore, priceAfter } = moved;
    return {
      bookingId: request.params.id, status, courseId, priceBefore, priceAfter,
      refund: moved.status === 'MOVED' ? moved.refund : null,
      payment: moved.status === 'PAYMENT_REQUIRED' ? { amount: moved.amount, holdExpiresAt: moved.holdExpiresAt, redirectUrl: movePaymentPath(request.params.id) } : null,
    };
  });

  /** The learner gives up the move whose difference they were paying: the held place goes back, the booking stays as it was. */
  api.delete('/api/bookings/:id/transfer', { schema: { params: BookingParams } }, async (request, reply) => {
    const { user, metadata } = signedInActor(request, deps, ['USER']);
    request.eventPosition = (await abandonMove(deps, request.params.id, user.userId, metadata)).position;
    return reply.status(204).send();
  });

  api.post('/api/bookings/:id/transfer/payment-intent', { schema: { params: BookingParams, response: { 200: MovePaymentIntentResponse } } }, async (request) => {
    const { user, metadata } = signedInActor(request, deps, ['USER']);
    const result = await createMovePaymentIntent(deps, request.params.id, user.userId, metadata);
    request.eventPosition = result.position;
    const { details } = result.course;
    const cutoffHours = deps.refundCutoffHours ?? 72;
    return {
      paymentId: result.paymentId,
      paymentIntentId: result.intent.id,
      clientSecret: result.intent.clientSecret,
      provider: deps.payments.provider,
      publishableKey: deps.payments.publishableKey,
      amount: result.intent.amount,
      currency: result.intent.currency,
      booking: { id: result.booking.bookingId, bookingReference: result.booking.bookingReference, status: result.booking.status },
      course: {
        id: result.pending.toCourseId, title: details.title, titleEn: details.titleEn ?? details.title, startDate: details.startDate, endDate: details.endDate,
        city: details.city, postalCode: details.postalCode, price: details.price,
      },
      refund: { cutoffHours, until: new Date(Date.parse(details.startDate) - cutoffHours * 3_600_000).toISOString() },
      // The booking's case, as the checkout's answer says it (the move's page asks nothing more before the card).
      learnerCase: result.booking.learnerCase,
      missingLicenceDetails: await missingLicenceDetails(deps, user.userId),
      move: { fromCourseId: result.pending.fromCourseId, priceBefore: result.pending.priceBefore, priceAfter: result.pending.priceAfter, holdExpiresAt: result.pending.holdExpiresAt },
    };
  });

  api.post('/api/bookings/:id/transfer/confirm-payment', {
    schema: { params: BookingParams, body: ConfirmMovePaymentRequest, response: { 200: ConfirmMovePaymentResponse } },
  }, async (request) => {
    const { user, metadata } = signedInActor(request, deps, ['USER']);
    const result = await confirmMovePayment(deps, request.params.id, user.userId, request.body.paymentIntentId, metadata).catch((error: unknown) => {
      if (error instanceof PaymentDeclined) request.log.info({ bookingId: request.params.id, provider: error.params }, 'card declined by the payment provider');
      throw error;
    });
    request.eventPosition = result.position;
    return { bookingId: request.params.id, status: result.status, courseId: result.courseId };
  });
}
