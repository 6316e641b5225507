import { streams, type EventMetadata } from '@recup/shared-events';
import type { ProviderIntent } from '@recup/infra/payments/port';
import { handleCommand, readState } from '../core/decider';
import { followUp } from '../core/metadata';
import { courseDecider } from '../courses/course-decider';
import type { CommandApiDeps } from '../deps';
import { bookingDecider } from '../bookings/booking-decider';
import { BookingAlreadyPaid, BookingNotFound, MoveCourseNotFound, MoveHoldExpired, MoveNotPending, PaymentAttemptChanged } from '../bookings/booking-errors';
import { releaseUnheld } from '../bookings/move-booking';
import { callProvider, examineAttempt, reconcileBookingPayment, settleSucceededIntent } from './pay-booking';
import { paymentDecider } from './payment-decider';
import { PaymentDeclined, PaymentIntentMismatch, PaymentNotCompleted } from './payment-errors';
import { reconcilePayment } from './reconcile-payment';

type Deps = Pick<CommandApiDeps, 'eventStore' | 'clock' | 'ids' | 'payments' | 'seller'>;

/** The learner's own booking and the move it waits to pay for, or the errors that say why there is none. */
async function ownPendingMove(deps: Deps, bookingId: string, userId: string) {
  const booking = await readState(deps.eventStore, streams.booking(bookingId), bookingDecider);
  if (booking.state.status === 'absent' || booking.state.userId !== userId) throw new BookingNotFound();
  const pending = booking.state.pendingMove;
  if (!pending) throw new MoveNotPending();
  return { booking: booking.state, pending, position: booking.position };
}

const OPEN_ATTEMPTS = 5;

/**
 * Starts or resumes paying the difference of the learner's pending move to a dearer course (a second payment of the
 * booking, of the difference only), while its new place is held: as for the booking's own payment, an attempt still
 * waiting for a card is reused, one left waiting for 3-D Secure or cancelled is replaced, and each new attempt is
 * recorded on the booking before its intent is created with a key derived from it.
 */
export async function createMovePaymentIntent(deps: Deps, bookingId: string, userId: string, metadata: EventMetadata) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await openMovePayment(deps, bookingId, userId, metadata);
    } catch (error) {
      if (!(error instanceof PaymentAttemptChanged) || attempt >= OPEN_ATTEMPTS) throw error;
    }
  }
}

async function openMovePayment(deps: Deps, bookingId: string, userId: string, metadata: EventMetadata) {
  const now = deps.clock.now();
  const { booking, pending, position: read } = await ownPendingMove(deps, bookingId, userId);
  if (Date.parse(pending.holdExpiresAt) <= now.getTime()) {
    // Money taken but not told (a browser closed after paying) completes the move even now.
    await reconcileBookingPayment(deps, bookingId, metadata);
    const after = await readState(deps.eventStore, streams.booking(bookingId), bookingDecider);
    if (after.state.status !== 'absent' && after.state.courseId === pending.toCourseId) throw new BookingAlreadyPaid();
    throw new MoveHoldExpired();
  }
  const { state: course } = await readState(deps.eventStore, streams.course(pending.toCourseId), courseDecider);
  if (course.status === 'absent') throw new MoveCourseNotFound();
  const current = pending.paymentId;
  let paymentId = current;
  let position = read;
  if (current) {
    const found = await examineAttempt(deps, booking, current, metadata);
    if (found.kind === 'reusable') return { paymentId: current, intent: found.intent, booking, pending, course, position: Math.max(position, found.position) };
    if (found.kind === 'replace') paymentId = null;
  }
  if (!paymentId) {
    paymentId = deps.ids.next();
    const started = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, {
      type: 'StartMovePayment', bookingId, moveId: pending.moveId, paymentId, replaces: current, now,
    }, { metadata });
    position = started.position;
  }
  const id = paymentId;
  const amount = pending.priceAfter - pending.priceBefore;
  const intent = await callProvider(() =>
    deps.payments.createIntent({
      amount,
      currency: 'eur',
      idempotencyKey: `payment-${id}`,
      metadata: { bookingId, paymentId: id, bookingReference: booking.bookingReference, moveId: pending.moveId },
      description: `Changement de date ${booking.bookingReference} — stage ${course.details.title}`,
    }),
  );
  const created = await handleCommand(deps.eventStore, streams.payment(id), paymentDecider, {
    type: 'CreatePaymentIntent', paymentId: id, bookingId, userId, amount: intent.amount, bookingPrice: amount, provider: deps.payments.provider, providerIntentId: intent.id,
    moveId: pending.moveId, now,
  }, { metadata });
  return { paymentId: id, intent, booking, pending, course, position: Math.max(position, created.position) };
}

/**
 * Records the outcome of the payment of a move's difference as the provider reports it (the browser only says which
 * intent): success completes the move; a decline is recorded and the learner may try another card. Asked again once
 * the move completed, it says so.
 */
export async function confirmMovePayment(deps: Deps, bookingId: string, userId: string, paymentIntentId: string, metadata: EventMetadata) {
  const booking = await readState(deps.eventStore, streams.booking(bookingId), bookingDecider);
  if (booking.state.status === 'absent' || booking.state.userId !== userId) throw new BookingNotFound();
  const candidates = [...(booking.state.pendingMove?.paymentId ? [booking.state.pendingMove.paymentId] : []), ...booking.state.topUps];
  let found: { paymentId: string; position: number } | null = null;
  for (const paymentId of candidates) {
    const payment = await readState(deps.eventStore, streams.payment(paymentId), paymentDecider);
    if (payment.state.status !== 'absent' && payment.state.providerIntentId === paymentIntentId) found = { paymentId, position: payment.position };
  }
  if (!found) throw new PaymentIntentMismatch();
  if (booking.state.topUps.includes(found.paymentId)) return { status: 'MOVED' as const, courseId: booking.state.courseId, position: Math.max(booking.position, found.position) };
  const intent: ProviderIntent | null = await callProvider(() => deps.payments.retrieveIntent(paymentIntentId));
  if (!intent || intent.metadata.bookingId !== bookingId) throw new PaymentIntentMismatch();
  if (intent.status === 'succeeded') {
    const settled = await settleSucceededIntent(deps, { bookingId, paymentId: found.paymentId, intent }, metadata);
    const after = await readState(deps.eventStore, streams.booking(bookingId), bookingDecider);
    return { status: 'MOVED' as const, courseId: after.state.status === 'absent' ? '' : after.state.courseId, position: Math.max(settled.position, after.position) };
  }
  if (intent.status === 'requires_payment_method' && intent.lastPaymentError) {
    const { code, declineCode, message } = intent.lastPaymentError;
    await handleCommand(deps.eventStore, streams.payment(found.paymentId), paymentDecider, {
      type: 'RecordPaymentFailure', providerIntentId: intent.id, code: declineCode ? `${code}/${declineCode}` : code, reason: message, now: deps.clock.now(),
    }, { metadata });
    throw new PaymentDeclined(code, declineCode);
  }
  throw new PaymentNotCompleted(intent.status);
}

/**
 * The learner gives up the move they were paying for: its held place goes back at once and its open attempt is
 * cancelled at the provider. Money the provider took first completes the move instead (it was paid).
 */
export async function abandonMove(deps: Deps, bookingId: string, userId: string, metadata: EventMetadata) {
  const { pending } = await ownPendingMove(deps, bookingId, userId);
  await reconcileBookingPayment(deps, bookingId, metadata);
  const now = deps.clock.now();
  const abandoned = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, { type: 'AbandonMove', bookingId, moveId: pending.moveId, reason: 'withdrawn', now }, { metadata });
  if (abandoned.state.status === 'absent') throw new BookingNotFound();
  if (abandoned.events.length === 0) {
    // Paid meanwhile: the move completed.
    if (abandoned.state.courseId === pending.toCourseId) throw new BookingAlreadyPaid();
    return { position: abandoned.position };
  }
  const caused = followUp(metadata, abandoned.eventIds[0]!, now);
  const released = await releaseUnheld(deps, pending.toCourseId, bookingId, 'expired', caused);
  if (pending.paymentId) await reconcilePayment(deps, pending.paymentId, caused).catch(() => 'open');
  return { position: Math.max(abandoned.position, released.position) };
}
