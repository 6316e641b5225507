import { streams, type EventMetadata } from '@recup/shared-events';
import { HttpProblem } from '@recup/infra/http/problem';
import type { ProviderIntent } from '@recup/infra/payments/port';
import { handleCommand, readState } from '../core/decider';
import { followUp } from '../core/metadata';
import { invoiceDocumentOf } from '../invoices/invoice-document';
import { assignInvoiceNumber } from '../invoices/invoice-numbers';
import { refundPayment } from './refund-payment';
import { courseDecider } from '../courses/course-decider';
import { centreSells } from '../organizations/centre-sells';
import { CourseNotFound } from '../courses/course-errors';
import type { CommandApiDeps } from '../deps';
import type { ExistingBooking } from '../bookings/booking';
import { assertPayable, bookingDecider } from '../bookings/booking-decider';
import {
  BookingAlreadyConfirmed, BookingAlreadyPaid, BookingHoldExpired, BookingNotFound, BookingNotPending, BookingPaymentSuperseded, PaymentAttemptChanged,
} from '../bookings/booking-errors';
import { paymentDecider } from './payment-decider';
import { paidBookingAnswer } from './payment-answer';
import { MovePaymentSuperseded } from '../bookings/booking-errors';
import { finishMove } from '../bookings/move-booking';
import { PaymentDeclined, PaymentIntentMismatch, PaymentNotCompleted } from './payment-errors';

type Deps = Pick<CommandApiDeps, 'eventStore' | 'clock' | 'ids' | 'payments' | 'seller'>;

/** The learner's own booking, or BookingNotFound: nobody learns that another learner's booking exists. */
async function ownBooking(deps: Deps, bookingId: string, userId: string) {
  const booking = await readState(deps.eventStore, streams.booking(bookingId), bookingDecider);
  if (booking.state.status === 'absent' || booking.state.userId !== userId) throw new BookingNotFound();
  return { ...booking, state: booking.state };
}

export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
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

/** How many times a payment is opened again when another call changed the booking's attempt meanwhile. */
const OPEN_ATTEMPTS = 5;

/**
 * Starts or resumes paying for a PENDING booking, whose spot is still held: the booking always has one
 * attempt that a card can pay. An attempt still waiting for a card is reused; one left waiting for a 3-D
 * Secure challenge (the learner went back) or cancelled is cancelled at the provider and replaced, so that
 * no charge can land on it any more. The booking records each new attempt's id before the provider's intent
 * is created with a key derived from it: a retry after a crash anywhere in between finds the same id and
 * gets the same intent back, and two calls at once end up on the same attempt.
 */
export async function createPaymentIntent(deps: Deps, bookingId: string, userId: string, metadata: EventMetadata) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await openPayment(deps, bookingId, userId, metadata);
    } catch (error) {
      // Another call started an attempt meanwhile: this one joins it.
      if (!(error instanceof PaymentAttemptChanged) || attempt >= OPEN_ATTEMPTS) throw error;
    }
  }
}

async function openPayment(deps: Deps, bookingId: string, userId: string, metadata: EventMetadata) {
  const now = deps.clock.now();
  const booking = await ownBooking(deps, bookingId, userId);
  const { state: course } = await readState(deps.eventStore, streams.course(booking.state.courseId), courseDecider);
  if (course.status === 'absent') throw new CourseNotFound();
  const holdElapsed = booking.state.status === 'PENDING' && Date.parse(booking.state.holdExpiresAt) <= now.getTime();
  if (booking.state.status === 'CONFIRMED' || booking.state.status === 'COMPLETED' || holdElapsed) {
    // Money taken but not yet told to the booking (a crash, a browser closed) is found here too.
    await reconcileBookingPayment(deps, bookingId, metadata);
    const after = await readState(deps.eventStore, streams.booking(bookingId), bookingDecider);
    if (after.state.status !== 'absent' && after.state.paidBy) throw new BookingAlreadyPaid();
    if (after.state.status === 'CONFIRMED' || after.state.status === 'COMPLETED') throw new BookingAlreadyConfirmed();
  }
  const sellerVerified = await centreSells(deps, course.organizationId);
  if (!sellerVerified && booking.state.status === 'PENDING') await closeAttemptOfUnsoldBooking(deps, booking.state, metadata);
  assertPayable(booking.state, now, sellerVerified);
  const answer = (paymentId: string, intent: ProviderIntent, position: number) => ({ paymentId, intent, booking: booking.state, course, position });

  const current = booking.state.paymentId;
  let paymentId = current;
  let position = booking.position;
  if (current) {
    const found = await examineAttempt(deps, booking.state, current, metadata);
    if (found.kind === 'reusable') return answer(current, found.intent, Math.max(position, found.position));
    if (found.kind === 'replace') paymentId = null;
  }
  if (!paymentId) {
    paymentId = deps.ids.next();
    const started = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, { type: 'StartBookingPayment', bookingId, paymentId, replaces: current, sellerVerified, now }, { metadata });
    position = started.position;
  }
  const id = paymentId;
  const amount = booking.state.price;
  const intent = await callProvider(() =>
    deps.payments.createIntent({
      amount,
      currency: 'eur',
      idempotencyKey: `payment-${id}`,
      metadata: { bookingId, paymentId: id, bookingReference: booking.state.bookingReference },
      description: `Stage ${course.details.title} — ${booking.state.bookingReference}`,
    }),
  );
  const created = await handleCommand(deps.eventStore, streams.payment(id), paymentDecider, {
    type: 'CreatePaymentIntent', paymentId: id, bookingId, userId, amount: intent.amount, bookingPrice: booking.state.price,
    provider: deps.payments.provider, providerIntentId: intent.id, now,
  }, { metadata });
  return answer(id, intent, Math.max(position, created.position));
}

/**
 * A booking whose centre is no longer verified takes no payment any more: the attempt it had open is looked at one
 * last time. Money a card already gave is settled as always (the booking keeps it, or it goes back), and an attempt
 * still waiting for a card is cancelled at the provider, so that a checkout left open cannot be paid after the refusal.
 */
async function closeAttemptOfUnsoldBooking(deps: Deps, booking: ExistingBooking, metadata: EventMetadata) {
  const paymentId = booking.paymentId;
  if (!paymentId) return;
  const { state } = await readState(deps.eventStore, streams.payment(paymentId), paymentDecider);
  if (state.status === 'absent' || state.status === 'CANCELED' || state.status === 'REFUNDED' || state.refundDue) return;
  const intent = state.status === 'SUCCEEDED' ? paidIntent(state) : await callProvider(() => deps.payments.retrieveIntent(state.providerIntentId));
  const outcome = intent?.status === 'succeeded'
    ? await settleSucceededIntent(deps, { bookingId: booking.bookingId, paymentId, intent }, metadata).then(() => 'paid' as const, (error: unknown) => {
      ignoreRuleBroken(error);
      return 'refunded' as const;
    })
    : intent?.status === 'processing'
      ? 'processing'
      : await cancelAttempt(deps, { bookingId: booking.bookingId, paymentId, providerIntentId: state.providerIntentId, intent }, 'the centre that runs the course is no longer verified', metadata);
  if (outcome === 'paid') throw new BookingAlreadyPaid();
  if (outcome === 'processing') throw new PaymentNotCompleted('processing');
}

type Attempt =
  | { kind: 'reusable'; intent: ProviderIntent; position: number }
  /** Recorded on the booking, not yet on its own stream: its intent is created (or found) with its key. */
  | { kind: 'unrecorded' }
  | { kind: 'replace' };

/** What became of the booking's current attempt (or of a move's, the same way), as the provider holds it now. */
export async function examineAttempt(deps: Deps, booking: ExistingBooking, paymentId: string, metadata: EventMetadata): Promise<Attempt> {
  const payment = await readState(deps.eventStore, streams.payment(paymentId), paymentDecider);
  const state = payment.state;
  if (state.status === 'absent') return { kind: 'unrecorded' };
  if (state.status === 'CANCELED' || state.status === 'REFUNDED') return { kind: 'replace' };
  const intent = await callProvider(() => deps.payments.retrieveIntent(state.providerIntentId));
  if (state.status === 'SUCCEEDED' || intent?.status === 'succeeded') {
    await settleSucceededIntent(deps, { bookingId: booking.bookingId, paymentId, intent: intent ?? paidIntent(state) }, metadata);
    throw new BookingAlreadyPaid();
  }
  if (intent?.status === 'requires_payment_method') return { kind: 'reusable', intent, position: payment.position };
  if (intent?.status === 'processing') throw new PaymentNotCompleted('processing');
  // Left waiting for a challenge, cancelled, or unknown to the provider: cancelled for good, then replaced.
  const outcome = await cancelAttempt(deps, { bookingId: booking.bookingId, paymentId, providerIntentId: state.providerIntentId, intent }, 'replaced by a new attempt', metadata);
  if (outcome === 'paid') throw new BookingAlreadyPaid();
  if (outcome === 'processing') throw new PaymentNotCompleted('processing');
  return { kind: 'replace' };
}

/** A payment recorded as succeeded whose intent the provider no longer shows: its own record stands for it. */
export function paidIntent(payment: { providerIntentId: string; amount: number }): ProviderIntent {
  return { id: payment.providerIntentId, clientSecret: '', status: 'succeeded', amount: payment.amount, currency: 'eur', metadata: {}, lastPaymentError: null, card: null };
}

/**
 * Cancels an attempt at the provider so that no charge can land on it, and records it. Money the provider
 * took first is settled instead (the booking keeps it, or it is refunded).
 */
export async function cancelAttempt(
  deps: Deps,
  input: { bookingId: string; paymentId: string; providerIntentId: string; intent: ProviderIntent | null },
  reason: string,
  metadata: EventMetadata,
): Promise<'canceled' | 'paid' | 'processing'> {
  const { intent } = input;
  const after = !intent || intent.status === 'canceled' ? intent : await callProvider(() => deps.payments.cancelIntent(intent.id));
  if (after?.status === 'succeeded') {
    await settleSucceededIntent(deps, { bookingId: input.bookingId, paymentId: input.paymentId, intent: after }, metadata).catch(ignoreRuleBroken);
    return 'paid';
  }
  if (after?.status === 'processing') return 'processing';
  await handleCommand(deps.eventStore, streams.payment(input.paymentId), paymentDecider, {
    type: 'RecordIntentCanceled', providerIntentId: input.providerIntentId, reason: after ? reason : 'unknown to the payment provider', now: deps.clock.now(),
  }, { metadata });
  return 'canceled';
}

/** A settlement refused by a rule has refunded the money: for a caller that only wants it settled, that is done. */
export function ignoreRuleBroken(error: unknown) {
  if (!(error instanceof BookingHoldExpired || error instanceof BookingNotPending || error instanceof BookingPaymentSuperseded || error instanceof MovePaymentSuperseded)) throw error;
}

/**
 * Money the provider took: the payment records it, the booking keeps it (confirmed by it, or paid when the
 * centre had confirmed it) and gets its invoice number. Money the booking cannot keep (its hold ran out, it
 * was deleted or cancelled, another attempt replaced this one) goes back at once, and the caller learns why.
 * Every step is idempotent: called again after a crash anywhere, it finishes what is missing.
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
  // A top-up pays the difference of a move: the move completes, instead of the booking being confirmed.
  if (paid.state.status !== 'absent' && paid.state.moveId) {
    const completed = await completePaidMove(deps, { bookingId, paymentId }, caused);
    return { position: Math.max(paid.position, completed.position) };
  }
  let confirmed;
  try {
    confirmed = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, { type: 'ConfirmBookingByPayment', bookingId, paymentId, now }, { metadata: caused });
  } catch (error) {
    if (error instanceof BookingHoldExpired || error instanceof BookingNotPending || error instanceof BookingPaymentSuperseded) {
      await refundPayment(deps, paymentId, 'money taken that the booking cannot keep', caused);
    }
    throw error;
  }
  // The invoice is dated by the payment, not by this call: a late repeat around New Year stays in its year's series.
  const paidAt = paid.state.status !== 'absent' && paid.state.succeededAt ? new Date(paid.state.succeededAt) : now;
  // What the invoice prints is recorded with its number: the seller configured now, the buyer, course and centre as they are.
  const documentOf = () => invoiceDocumentOf(deps.eventStore, { bookingId, paymentId, seller: deps.seller });
  const invoice = await assignInvoiceNumber(deps.eventStore, { bookingId, paymentId, now: paidAt, documentOf }, followUp(metadata, confirmed.eventIds[0] ?? metadata.causationId, now));
  return { position: Math.max(paid.position, confirmed.position, invoice.position) };
}

/**
 * Brings the booking's current attempt (and the attempt to pay the difference of the move it waits for) up to date
 * with the provider before a decision that depends on it (cancelling, deleting, expiring, giving the move up): money
 * the provider took, even if nobody reported it, is settled first.
 */
export async function reconcileBookingPayment(deps: Deps, bookingId: string, metadata: EventMetadata) {
  const booking = await readState(deps.eventStore, streams.booking(bookingId), bookingDecider);
  if (booking.state.status === 'absent') return;
  const moveAttempt = booking.state.pendingMove?.paymentId;
  if (moveAttempt) await reconcileAttempt(deps, bookingId, moveAttempt, metadata);
  if (!booking.state.paymentId || booking.state.paidBy === booking.state.paymentId) return;
  await reconcileAttempt(deps, bookingId, booking.state.paymentId, metadata);
}

/** Settles one attempt of a booking whose money the provider took, reported or not. */
async function reconcileAttempt(deps: Deps, bookingId: string, paymentId: string, metadata: EventMetadata) {
  const payment = await readState(deps.eventStore, streams.payment(paymentId), paymentDecider);
  const state = payment.state;
  if (state.status === 'absent' || state.status === 'CANCELED' || state.status === 'REFUNDED' || state.refundDue) return;
  const intent = state.status === 'SUCCEEDED' ? paidIntent(state) : await callProvider(() => deps.payments.retrieveIntent(state.providerIntentId));
  if (intent?.status !== 'succeeded') return;
  await settleSucceededIntent(deps, { bookingId, paymentId, intent }, metadata).catch(ignoreRuleBroken);
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
  if (booking.state.paidBy === booking.state.paymentId) {
    return { ...paidBookingAnswer(booking.state, payment.state), position: Math.max(booking.position, payment.position) };
  }
  const intent: ProviderIntent | null = await callProvider(() => deps.payments.retrieveIntent(paymentIntentId));
  if (!intent || intent.metadata.bookingId !== bookingId) throw new PaymentIntentMismatch();
  const now = deps.clock.now();

  if (intent.status === 'succeeded') {
    const settled = await settleSucceededIntent(deps, { bookingId, paymentId: booking.state.paymentId, intent }, metadata);
    return { bookingStatus: 'CONFIRMED' as const, paymentStatus: 'SUCCEEDED' as const, position: settled.position };
  }
  if (intent.status === 'requires_payment_method' && intent.lastPaymentError) {
    const { code, declineCode, message } = intent.lastPaymentError;
    await handleCommand(deps.eventStore, paymentStream, paymentDecider, {
      type: 'RecordPaymentFailure', providerIntentId: intent.id, code: declineCode ? `${code}/${declineCode}` : code, reason: message, now,
    }, { metadata });
    throw new PaymentDeclined(code, declineCode);
  }
  throw new PaymentNotCompleted(intent.status);
}

/**
 * The difference of a pending move was paid: the move completes (BookingMoved, the top-up kept with the booking's
 * own payment), then what follows a move is done (the old place released, the move's invoice). Money taken for a
 * move that no longer waits (abandoned, replaced, the booking ended, another attempt) is refunded at once, and the
 * caller learns why. Idempotent: called again after a crash, it finishes what is missing.
 */
async function completePaidMove(deps: Deps, input: { bookingId: string; paymentId: string }, metadata: EventMetadata) {
  const { bookingId, paymentId } = input;
  const now = deps.clock.now();
  let completed;
  try {
    completed = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, { type: 'CompleteMove', bookingId, paymentId, now }, { metadata });
  } catch (error) {
    if (error instanceof MovePaymentSuperseded || error instanceof BookingNotFound) await refundPayment(deps, paymentId, 'money taken for a move that no longer waits for it', metadata);
    throw error;
  }
  // The BookingMoved this payment completed: the one that names it.
  const movedId = await movedEventOf(deps, bookingId, paymentId);
  const finished = movedId ? await finishMove(deps, bookingId, movedId, followUp(metadata, movedId, now)) : { position: 0 };
  return { position: Math.max(completed.position, finished.position) };
}

async function movedEventOf(deps: Pick<Deps, 'eventStore'>, bookingId: string, paymentId: string): Promise<string | null> {
  const events = await deps.eventStore.readStream(streams.booking(bookingId));
  const moved = events.find((event) => event.type === 'BookingMoved' && (event.data as { topUpPaymentId?: string }).topUpPaymentId === paymentId);
  return moved?.id ?? null;
}
