import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConfirmPaymentRequest, ConfirmPaymentResponse, PaymentIntentResponse, PlaceBookingRequest, PlaceBookingResponse } from '../contracts';
import { RecordCentrePaymentRequest, RecordCentrePaymentResponse } from '../contracts/centre-payments';
import { DeclareLearnerCaseRequest, DeclareLearnerCaseResponse } from '../contracts/learner-case';
import { signedInActor } from '../core/actor';
import type { CommandApiDeps } from '../deps';
import { confirmPayment, createPaymentIntent } from '../payments/pay-booking';
import { PaymentDeclined } from '../payments/payment-errors';
import { declareLearnerCase, missingLicenceDetails } from './declare-learner-case';
import { approveBooking, cancelBooking, recordCentrePayment } from './manage-booking';
import { placeBooking } from './place-booking';

const BookingParams = z.object({ id: z.uuid() });

/** Learners book and pay; a centre or an administrator acts on bookings through their own screens. */
function learner(request: FastifyRequest, deps: CommandApiDeps) {
  return signedInActor(request, deps, ['USER']);
}

const CancelResponse = z.object({ bookingId: z.string(), status: z.literal('CANCELLED'), refundDue: z.boolean(), refund: z.enum(['REFUNDED', 'PENDING', 'NONE']) });
const ApproveResponse = z.object({ bookingId: z.string(), status: z.literal('CONFIRMED') });

export async function bookingRoutes(app: FastifyInstance, deps: CommandApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The learner cancels their own CONFIRMED booking, an administrator any; refunded per the cut-off. */
  api.post('/api/bookings/:id/cancel', { schema: { params: BookingParams, response: { 200: CancelResponse } } }, async (request) => {
    const { user, metadata } = signedInActor(request, deps, ['USER', 'ADMIN']);
    const result = await cancelBooking(deps, request.params.id, { userId: user.userId, role: user.role as 'USER' | 'ADMIN' }, metadata);
    request.eventPosition = result.position;
    return { bookingId: request.params.id, status: 'CANCELLED' as const, refundDue: result.refundDue, refund: result.refund };
  });

  /** The training centre confirms a PENDING booking of one of its courses; irreversible. The mail reactor tells the learner. */
  api.post('/api/bookings/:id/approve', { schema: { params: BookingParams, response: { 200: ApproveResponse } } }, async (request) => {
    const { user, metadata } = signedInActor(request, deps, ['ORGANIZATION']);
    const result = await approveBooking(deps, request.params.id, user.userId, metadata);
    request.eventPosition = result.position;
    return { bookingId: request.params.id, status: 'CONFIRMED' as const };
  });

  /**
   * The training centre records the money it received for a booking it confirmed unpaid: only then is the
   * booking paid, and the money counted as received. It is the centre's sale: no invoice of the platform.
   */
  api.post('/api/bookings/:id/payment-received', {
    schema: { params: BookingParams, body: RecordCentrePaymentRequest, response: { 200: RecordCentrePaymentResponse } },
  }, async (request) => {
    const { user, metadata } = signedInActor(request, deps, ['ORGANIZATION']);
    const result = await recordCentrePayment(deps, request.params.id, user.userId, request.body, metadata);
    request.eventPosition = result.position;
    return { bookingId: request.params.id, paidAtCentre: result.paidAtCentre };
  });

  api.post('/api/bookings', { schema: { body: PlaceBookingRequest, response: { 201: PlaceBookingResponse } } }, async (request, reply) => {
    const { user, metadata } = learner(request, deps);
    const { courseId, earlyStartRequested, learnerCase, letterReceivedOn } = request.body;
    const placed = await placeBooking(deps, { courseId, userId: user.userId, earlyStartRequested, learnerCase, letterReceivedOn }, metadata);
    request.eventPosition = placed.position;
    return reply.status(201).send({
      id: placed.bookingId,
      bookingReference: placed.bookingReference,
      status: 'PENDING' as const,
      courseId: request.body.courseId,
      redirectUrl: `/checkout/${placed.bookingId}`,
      holdExpiresAt: placed.holdExpiresAt,
    });
  });

  /**
   * The learner says why they take the course (the four cases of the law; the 48N letter's day for that case), or
   * says it again differently, on their own booking, until the course starts. The web's checkout asks it before the
   * card; a booking confirmed by its centre, or paid by a client that does not ask, simply has none.
   */
  api.put('/api/bookings/:id/case', {
    schema: { params: BookingParams, body: DeclareLearnerCaseRequest, response: { 200: DeclareLearnerCaseResponse } },
  }, async (request) => {
    const { user, metadata } = learner(request, deps);
    const result = await declareLearnerCase(deps, request.params.id, user.userId, request.body, metadata);
    request.eventPosition = result.position;
    return { bookingId: request.params.id, learnerCase: result.learnerCase, probation: result.probation, givesPointsBack: result.givesPointsBack };
  });

  api.post('/api/bookings/:id/create-payment-intent', {
    schema: { params: BookingParams, querystring: z.object({ t: z.string().optional() }).loose(), response: { 200: PaymentIntentResponse } },
  }, async (request) => {
    const { user, metadata } = learner(request, deps);
    const result = await createPaymentIntent(deps, request.params.id, user.userId, metadata);
    request.eventPosition = result.position;
    const missing = await missingLicenceDetails(deps, user.userId);
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
        id: result.booking.courseId,
        title: details.title,
        titleEn: details.titleEn ?? details.title,
        startDate: details.startDate,
        endDate: details.endDate,
        city: details.city,
        postalCode: details.postalCode,
        price: details.price,
      },
      refund: { cutoffHours, until: new Date(Date.parse(details.startDate) - cutoffHours * 3_600_000).toISOString() },
      learnerCase: result.booking.learnerCase,
      missingLicenceDetails: missing,
    };
  });

  api.post('/api/bookings/:id/confirm-payment', {
    schema: { params: BookingParams, body: ConfirmPaymentRequest, response: { 200: ConfirmPaymentResponse } },
  }, async (request) => {
    const { user, metadata } = learner(request, deps);
    const result = await confirmPayment(deps, request.params.id, user.userId, request.body.paymentIntentId, metadata).catch((error: unknown) => {
      // The learner reads our words; the provider's code stays in the log (and on the payment's PaymentFailed).
      if (error instanceof PaymentDeclined) request.log.info({ bookingId: request.params.id, provider: error.params }, 'card declined by the payment provider');
      throw error;
    });
    request.eventPosition = result.position;
    return { bookingId: request.params.id, bookingStatus: result.bookingStatus, paymentStatus: result.paymentStatus };
  });
}
