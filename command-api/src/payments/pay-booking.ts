import { streams, type EventMetadata } from '@recup/shared-events';
import { HttpProblem } from '@recup/infra/http/problem';
import type { ProviderIntent } from '@recup/infra/payments/port';
import { handleCommand, readState } from '../core/decider';
import { followUp } from '../core/metadata';
import { assignInvoiceNumber } from '../invoices/invoice-numbers';
import { refundPayment } from './refund-payment';
import { courseDecider } from '../courses/course-decider';
import { CourseNotFound } from '../courses/course-errors';
import type { CommandApiDeps } from '../deps';
import { bookingDecider } from '../bookings/booking-decider';
import { BookingHoldExpired, BookingNotFound, BookingNotPending } from '../bookings/booking-errors';
import { paymentDecider } from './payment-decider';
import { PaymentDeclined, PaymentIntentMismatch, PaymentNotCompleted } from './payment-errors';

type Deps = Pick<CommandApiDeps, 'eventStore' | 'clock' | 'ids' | 'payments'>;

/** The learner's own booking, or BookingNotFound: nobody learns that another learner's booking exists. */
async function ownBooking(deps: Deps, bookingId: string, userId: string) {
  const booking = await readState(deps.eventStore, streams.booking(bookingId), bookingDecider);
  if (booking.state.status === 'absent' || booking.state.userId !== userId) throw new BookingNotFound();
  return { ...booking, state: booking.state };
}

async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const problem = new HttpProblem(502, 'PAYMENT_PROVIDER_UNAVAILABLE', {
      fr: 'Le service de paiement ne répond pas. Réessayez dans un instant.',
      en: 'The payment service is not responding. Please try again in a moment.',
    });
    problem.cause = error;
    throw problem;
  }
}

/**
 * Starts (or resumes) paying for a PENDING booking. The booking records the payment id first, then the
 * provider's intent is created with an idempotency key derived from it: a retry after a crash anywhere in
 * between finds the same payment id and gets the same intent back.
 */
export async function createPaymentIntent(deps: Deps, bookingId: string, userId: string, metadata: EventMetadata) {
  const now = deps.clock.now();
  const booking = await ownBooking(deps, bookingId, userId);
  // The decider says whether the booking may still be paid (PENDING, hold not elapsed) and records a new payment.
  const earlierPaymentId = booking.state.paymentId;
  const paymentId = earlierPaymentId ?? deps.ids.next();
  const started = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, { type: 'StartBookingPayment', bookingId, paymentId, now }, { metadata });
  const course = await readState(deps.eventStore, streams.course(booking.state.courseId), courseDecider);
  if (course.state.status === 'absent') throw new CourseNotFound();
  const courseTitle = course.state.details.title;

  if (earlierPaymentId) {
    const payment = await readState(deps.eventStore, streams.payment(earlierPaymentId), paymentDecider);
    if (payment.state.status === 'PENDING' || payment.state.status === 'FAILED') {
      const intent = await callProvider(() => deps.payments.retrieveIntent(payment.state.status === 'absent' ? '' : payment.state.providerIntentId));
      if (intent && intent.status !== 'canceled') {
        return { paymentId, intent, booking: booking.state, course: course.state, position: Math.max(started.position, payment.position) };
      }
    }
  }
  const amount = booking.state.price;
  const intent = await callProvider(() =>
    deps.payments.createIntent({
      amount,
      currency: 'eur',
      idempotencyKey: `payment-${paymentId}`,
      metadata: { bookingId, paymentId, bookingReference: booking.state.bookingReference },
      description: `Stage ${courseTitle} — ${booking.state.bookingReference}`,
    }),
  );
  const created = await handleCommand(deps.eventStore, streams.payment(paymentId), paymentDecider, {
    type: 'CreatePaymentIntent', paymentId, bookingId, userId, amount: intent.amount, bookingPrice: booking.state.price,
    provider: deps.payments.provider, providerIntentId: intent.id, now,
  }, { metadata });
  return { paymentId, intent, booking: booking.state, course: course.state, position: Math.max(started.position, created.position) };
}

/**
 * Money the provider took: the payment records it, the booking is confirmed and gets its invoice number.
 * A booking that can no longer be confirmed (its hold ran out, it was deleted) is not kept: the money goes
 * back at once, and the caller learns why.
 */
export async function settleSucceededIntent(
  deps: Deps,
  input: { bookingId: string; paymentId: string; intent: ProviderIntent },
  metadata: EventMetadata,
) {
  const { bookingId, paymentId, intent } = input;
  const now = deps.clock.now();
  const paid = await handleCommand(deps.eventStore, streams.payment(paymentId), paymentDecider, {
    type: 'RecordPaymentSuccess', providerIntentId: intent.id, amount: intent.amount, card: intent.card, now,
  }, { metadata });
  const caused = followUp(metadata, paid.eventIds[0] ?? metadata.causationId, now);
  let confirmed;
  try {
    confirmed = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, { type: 'ConfirmBookingByPayment', bookingId, paymentId, now }, { metadata: caused });
  } catch (error) {
    if (error instanceof BookingHoldExpired || error instanceof BookingNotPending) await refundPayment(deps, paymentId, 'the booking could no longer be confirmed', caused);
    throw error;
  }
  // The invoice is dated by the payment, not by this call: a late repeat around New Year stays in its year's series.
  const paidAt = paid.state.status !== 'absent' && paid.state.succeededAt ? new Date(paid.state.succeededAt) : now;
  const invoice = await assignInvoiceNumber(deps.eventStore, { bookingId, paymentId, now: paidAt }, followUp(metadata, confirmed.eventIds[0] ?? metadata.causationId, now));
  return { position: Math.max(paid.position, confirmed.position, invoice.position) };
}

/**
 * Records the outcome of a payment as the provider reports it: the browser only says which intent to look
 * at. Success confirms the booking; a decline is recorded and the learner may try another card.
 */
export async function confirmPayment(deps: Deps, bookingId: string, userId: string, paymentIntentId: string, metadata: EventMetadata) {
  const booking = await ownBooking(deps, bookingId, userId);
  if (!booking.state.paymentId) throw new PaymentIntentMismatch();
  const paymentStream = streams.payment(booking.state.paymentId);
  const payment = await readState(deps.eventStore, paymentStream, paymentDecider);
  if (payment.state.status === 'absent' || payment.state.providerIntentId !== paymentIntentId) throw new PaymentIntentMismatch();
  if (booking.state.status === 'CONFIRMED' && payment.state.status === 'SUCCEEDED') {
    return { bookingStatus: booking.state.status, paymentStatus: payment.state.status, position: Math.max(booking.position, payment.position) };
  }
  const intent: ProviderIntent | null = await callProvider(() => deps.payments.retrieveIntent(paymentIntentId));
  if (!intent || intent.metadata.bookingId !== bookingId) throw new PaymentIntentMismatch();
  const now = deps.clock.now();

  if (intent.status === 'succeeded') {
    const settled = await settleSucceededIntent(deps, { bookingId, paymentId: booking.state.paymentId, intent }, metadata);
    return { bookingStatus: 'CONFIRMED' as const, paymentStatus: 'SUCCEEDED' as const, position: settled.position };
  }
  if (intent.status === 'requires_payment_method' && intent.lastPaymentError) {
    await handleCommand(deps.eventStore, paymentStream, paymentDecider, {
      type: 'RecordPaymentFailure', providerIntentId: intent.id, code: intent.lastPaymentError.code, reason: intent.lastPaymentError.message, now,
    }, { metadata });
    throw new PaymentDeclined(intent.lastPaymentError.code);
  }
  throw new PaymentNotCompleted(intent.status);
}
