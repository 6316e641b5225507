import { streams, toDomainEvent, type EventMetadata, type MovedBy } from '@recup/shared-events';
import { DEFAULT_TRANSFER_CUTOFF_DAYS, moveMoney, refundShares } from '@recup/shared-events/bookings/move-rules';
import { startsWithinWithdrawalPeriod } from '@recup/shared-events/bookings/withdrawal';
import { handleCommand, readState } from '../core/decider';
import { followUp } from '../core/metadata';
import { courseDecider, decideCourse } from '../courses/course-decider';
import type { CommandApiDeps } from '../deps';
import { ensureMoveInvoices } from '../invoices/move-invoices';
import { organizationDecider } from '../organizations/organization-decider';
import { amountLeft } from '../payments/payment';
import { paymentDecider } from '../payments/payment-decider';
import { refundPart } from '../payments/refund-payment';
import { paymentsKept, type BookingState, type ExistingBooking } from './booking';
import { bookingDecider, type MoveBooking } from './booking-decider';
import { BookingNotFound, MoveCourseNotFound } from './booking-errors';
import { sellerVerified } from './place-booking';

type Deps = Pick<CommandApiDeps, 'eventStore' | 'payments' | 'clock' | 'ids' | 'seller' | 'bookingHoldMinutes' | 'transferCutoffDays'>;

/** Who moves the booking: its learner, the centre that runs its course, or an administrator. */
export type Mover = { by: MovedBy; userId: string };

type MoveAnswer =
  | { status: 'MOVED'; courseId: string; priceBefore: number; priceAfter: number; refund: { amount: number; status: 'REFUNDED' | 'PENDING' } | null; position: number }
  | { status: 'PAYMENT_REQUIRED'; courseId: string; priceBefore: number; priceAfter: number; moveId: string; amount: number; holdExpiresAt: string; position: number };

/** The booking as its caller may see it: the learner's own, one of the centre's courses, any for an administrator; otherwise it does not exist. */
async function bookingFor(deps: Pick<Deps, 'eventStore'>, bookingId: string, mover: Mover) {
  const booking = await readState(deps.eventStore, streams.booking(bookingId), bookingDecider);
  if (booking.state.status === 'absent') throw new BookingNotFound();
  const course = await readState(deps.eventStore, streams.course(booking.state.courseId), courseDecider);
  if (course.state.status === 'absent') throw new BookingNotFound();
  if (mover.by === 'learner' && booking.state.userId !== mover.userId) throw new BookingNotFound();
  if (mover.by === 'centre') {
    const centre = await readState(deps.eventStore, streams.organization(course.state.organizationId), organizationDecider);
    if (centre.state.status === 'absent' || centre.state.ownerUserId !== mover.userId) throw new BookingNotFound();
  }
  return { booking: booking.state, course: course.state, position: booking.position };
}

/**
 * Moves a CONFIRMED booking to another course (issue 19 §4; ARCHITECTURE, "Processes across streams"). The new place
 * is reserved first, on the new course's stream, where capacity is decided with its expected revision (two learners
 * after the last place: one gets it); then the booking moves (or, for a learner's move to a dearer course paid
 * online, waits for the difference, its new place held); then the old place is released and the money follows
 * (a cheaper course refunds the difference). The booking's rules are checked before anything is written. If the
 * booking refuses the move after the place was reserved, the place goes back at once; a crash between two steps is
 * finished by the move keeper.
 */
export async function moveBooking(deps: Deps, bookingId: string, mover: Mover, input: { courseId: string; earlyStartRequested?: boolean }, metadata: EventMetadata): Promise<MoveAnswer> {
  const now = deps.clock.now();
  const { booking, course: from, position: read } = await bookingFor(deps, bookingId, mover);
  const to = await readState(deps.eventStore, streams.course(input.courseId), courseDecider);
  if (to.state.status === 'absent') throw new MoveCourseNotFound();
  // The withdrawal period runs from the booking: a new course starting within it is taken only at the learner's express request.
  const withinWithdrawal = startsWithinWithdrawalPeriod(booking.placedAt, to.state.details.startDate);
  const earlyStartRequested = withinWithdrawal && input.earlyStartRequested === true;
  const command: MoveBooking = {
    type: 'MoveBooking', bookingId, moveId: deps.ids.next(), toCourseId: input.courseId, toCoursePrice: to.state.details.price,
    sameCentre: to.state.organizationId === from.organizationId, fromCourseStartDate: from.details.startDate, by: mover.by, movedBy: mover.userId,
    earlyStartRequested, cutoffDays: deps.transferCutoffDays ?? DEFAULT_TRANSFER_CUTOFF_DAYS, holdMinutes: deps.bookingHoldMinutes ?? 30, now,
  };
  // The booking's rules first (too late, same course, not confirmed...), before anything is written.
  const planned = bookingDecider.decide(command, booking);
  // The same move asked again while its place is held: it still waits for its difference.
  if (planned.length === 0 && booking.pendingMove) return pendingAnswer(booking.pendingMove, read);
  const reserve = {
    type: 'ReserveSpot' as const, courseId: input.courseId, bookingId, userId: booking.userId, sellerVerified: await sellerVerified(deps, input.courseId),
    earlyStartRequested: !withinWithdrawal || earlyStartRequested, now,
  };
  // The new course's rules (full, cancelled, started, its centre unverified, the learner already on it) before reserving.
  decideCourse(reserve, to.state);
  const reservation = await handleCommand(deps.eventStore, streams.course(input.courseId), courseDecider, reserve, { metadata });
  const causedBy = followUp(metadata, reservation.eventIds[0] ?? metadata.causationId, now);
  let moved;
  try {
    moved = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, command, { metadata: causedBy });
  } catch (error) {
    // The booking changed meanwhile and refuses the move: the place just reserved goes back.
    if (reservation.events.length > 0) await releaseUnheld(deps, input.courseId, bookingId, 'orphaned', causedBy);
    throw error;
  }
  if (moved.state.status === 'absent') throw new BookingNotFound();
  const after = followUp(metadata, moved.eventIds.at(-1) ?? metadata.causationId, now);
  let position = Math.max(reservation.position, moved.position);
  // A move this one replaced gives its held place back.
  for (const event of moved.events) {
    if (event.type === 'BookingMoveAbandoned') position = Math.max(position, (await releaseUnheld(deps, event.data.toCourseId, bookingId, 'expired', after)).position);
  }
  const index = moved.events.findIndex((event) => event.type === 'BookingMoved');
  const movedEvent = moved.events[index];
  if (movedEvent?.type === 'BookingMoved') {
    const finished = await finishMove(deps, bookingId, moved.eventIds[index]!, after);
    const { priceBefore, priceAfter } = movedEvent.data;
    return { status: 'MOVED', courseId: input.courseId, priceBefore, priceAfter, refund: finished.refund, position: Math.max(position, finished.position) };
  }
  // Decided again on a booking another call changed meanwhile: it says where that call left it.
  if (moved.state.pendingMove) return pendingAnswer(moved.state.pendingMove, position);
  return { status: 'MOVED', courseId: moved.state.courseId, priceBefore: moved.state.price, priceAfter: moved.state.price, refund: null, position };
}

function pendingAnswer(pending: NonNullable<ExistingBooking['pendingMove']>, position: number): MoveAnswer {
  return {
    status: 'PAYMENT_REQUIRED', courseId: pending.toCourseId, priceBefore: pending.priceBefore, priceAfter: pending.priceAfter, moveId: pending.moveId,
    amount: pending.priceAfter - pending.priceBefore, holdExpiresAt: pending.holdExpiresAt, position,
  };
}

/**
 * Gives a place on `courseId` back unless the booking holds it now (its course, or the course of the move it waits
 * to pay for): decided against the booking's real state, so a late or repeated call changes nothing.
 */
export async function releaseUnheld(deps: Pick<Deps, 'eventStore'>, courseId: string, bookingId: string, reason: 'moved' | 'orphaned' | 'expired' | 'courseCancelled', metadata: EventMetadata) {
  const booking = await readState(deps.eventStore, streams.booking(bookingId), bookingDecider);
  if (holds(booking.state, courseId)) return { position: booking.position, released: false };
  const released = await handleCommand(deps.eventStore, streams.course(courseId), courseDecider, { type: 'ReleaseSpot', courseId, bookingId, reason }, { metadata });
  return { position: released.position, released: released.events.length > 0 };
}

/** Whether an active booking holds a place on this course: its own, or the one held for the move it waits to pay for. */
export function holds(booking: BookingState, courseId: string): boolean {
  if (booking.status === 'absent' || !['PENDING', 'CONFIRMED', 'COMPLETED'].includes(booking.status)) return false;
  return booking.courseId === courseId || booking.pendingMove?.toCourseId === courseId;
}

/** The booking as it stood just before one of its events (`eventId`), and that event. */
async function bookingAround(deps: Pick<Deps, 'eventStore'>, bookingId: string, eventId: string) {
  let state = bookingDecider.initialState();
  for (const recorded of await deps.eventStore.readStream(streams.booking(bookingId))) {
    const event = toDomainEvent(recorded);
    if (recorded.id === eventId) return event.type === 'BookingMoved' ? { before: state, moved: event.data, position: recorded.position } : null;
    state = bookingDecider.evolve(state, event as Parameters<typeof bookingDecider.evolve>[1]);
  }
  return null;
}

/**
 * What follows a move (`movedEventId`, a BookingMoved): the old place released, the difference of a cheaper course
 * refunded (from the payments the booking kept then, the last paid first), the invoice of the move issued.
 * Idempotent: the move keeper runs it again after a crash, and it finishes only what is missing.
 */
export async function finishMove(deps: Pick<Deps, 'eventStore' | 'payments' | 'clock' | 'seller'>, bookingId: string, movedEventId: string, metadata: EventMetadata) {
  const found = await bookingAround(deps, bookingId, movedEventId);
  if (!found || found.before.status === 'absent') return { refund: null, position: 0 };
  const { before, moved } = found;
  const released = await releaseUnheld(deps, moved.fromCourseId, bookingId, 'moved', metadata);
  const money = moveMoney({ paidOnline: before.paidBy !== null, priceBefore: moved.priceBefore, priceAfter: moved.priceAfter });
  const refund = money.kind === 'refund' ? await refundDifference(deps, paymentsKept(before), { refundId: `move-${movedEventId}`, amount: money.amount }, metadata) : null;
  const invoices = await ensureMoveInvoices(deps, bookingId, metadata);
  return { refund: refund && { amount: refund.amount, status: refund.status }, position: Math.max(released.position, refund?.position ?? 0, invoices.position) };
}

/**
 * Refunds the difference of a move to a cheaper course from the payments the booking kept, each up to what it still
 * holds, the last paid first. Parts already asked (a retry) count toward it; only the rest is shared out anew.
 */
async function refundDifference(
  deps: Pick<Deps, 'eventStore' | 'payments' | 'clock'>, paymentIds: string[], difference: { refundId: string; amount: number }, metadata: EventMetadata,
) {
  const payments = await Promise.all(paymentIds.map(async (paymentId) => ({ paymentId, state: (await readState(deps.eventStore, streams.payment(paymentId), paymentDecider)).state })));
  let asked = 0;
  const parts: Array<{ paymentId: string; amount: number }> = [];
  const free: Array<{ paymentId: string; remaining: number }> = [];
  for (const { paymentId, state } of payments) {
    if (state.status === 'absent') continue;
    const part = state.partialRefunds[difference.refundId];
    if (part) {
      asked += part.amount;
      parts.push({ paymentId, amount: part.amount });
    } else if (state.status === 'SUCCEEDED' && !state.refundDue) {
      free.push({ paymentId, remaining: amountLeft(state) });
    }
  }
  parts.push(...refundShares(difference.amount - asked, free));
  let status: 'REFUNDED' | 'PENDING' = 'REFUNDED';
  let position = 0;
  for (const part of parts) {
    const outcome = await refundPart(deps, part.paymentId, { refundId: difference.refundId, amount: part.amount, reason: 'moved to a cheaper course' }, metadata);
    if (outcome.status !== 'REFUNDED') status = 'PENDING';
    position = Math.max(position, outcome.position);
  }
  return { amount: difference.amount, status, position };
}

/**
 * A course is cancelled while a booking holds a place on it only for a move (one waiting for its difference, or the
 * leftover of a move a crash interrupted): that booking is not the course's to cancel. Its move to this course is
 * abandoned (money that lands on it afterwards is refunded) and the place released; the booking keeps its own course.
 * Answers false for a booking of this course, which the cancellation cancels as any other.
 */
export async function releaseMoveToCancelledCourse(deps: Pick<Deps, 'eventStore' | 'clock'>, bookingId: string, courseId: string, metadata: EventMetadata): Promise<boolean> {
  const booking = await readState(deps.eventStore, streams.booking(bookingId), bookingDecider);
  if (booking.state.status === 'absent' || booking.state.courseId === courseId) return false;
  const pending = booking.state.pendingMove;
  if (pending?.toCourseId === courseId) {
    await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, { type: 'AbandonMove', bookingId, moveId: pending.moveId, reason: 'courseCancelled', now: deps.clock.now() }, { metadata });
  }
  await releaseUnheld(deps, courseId, bookingId, 'courseCancelled', metadata);
  return true;
}
