import { streams, type CentrePaymentMethod, type EventMetadata } from '@recup/shared-events';
import { handleCommand, readState } from '../core/decider';
import { followUp } from '../core/metadata';
import { courseDecider } from '../courses/course-decider';
import { CourseNotFound } from '../courses/course-errors';
import type { CommandApiDeps } from '../deps';
import { organizationDecider } from '../organizations/organization-decider';
import { reconcileBookingPayment } from '../payments/pay-booking';
import { paymentDecider } from '../payments/payment-decider';
import { reconcilePayment } from '../payments/reconcile-payment';
import { refundPayment } from '../payments/refund-payment';
import { paymentsKept, type ExistingBooking } from './booking';
import { bookingDecider } from './booking-decider';
import { BookingNotFound } from './booking-errors';
import { releaseUnheld } from './move-booking';

type Deps = Pick<CommandApiDeps, 'eventStore' | 'payments' | 'clock' | 'ids' | 'refundCutoffHours' | 'seller'>;


type RefundAnswer = 'REFUNDED' | 'PENDING' | 'NONE';

async function loadBooking(deps: Deps, bookingId: string) {
  const booking = await readState(deps.eventStore, streams.booking(bookingId), bookingDecider);
  if (booking.state.status === 'absent') throw new BookingNotFound();
  const course = await readState(deps.eventStore, streams.course(booking.state.courseId), courseDecider);
  if (course.state.status === 'absent') throw new CourseNotFound();
  return { booking: booking.state, course: course.state };
}

/** Gives the spot back on the course stream: capacity lives there. */
async function releaseSpot(deps: Deps, courseId: string, bookingId: string, reason: 'cancelled' | 'deleted' | 'courseCancelled', metadata: EventMetadata) {
  return handleCommand(deps.eventStore, streams.course(courseId), courseDecider, { type: 'ReleaseSpot', courseId, bookingId, reason }, { metadata });
}

/** Who cancels: the learner, an administrator, or the cancellation of the course itself (by whoever deleted it). */
type Canceller = { userId: string; role: 'USER' | 'ADMIN' } | { by: 'courseCancelled'; userId: string | null };

/**
 * What the booking's history says of the money of a cancelled booking: refunded, due and under way, or
 * nothing due. A refund due but never asked for (a crash after the cancellation) is asked for now.
 */
async function refundOf(deps: Deps, booking: ExistingBooking, reason: string, metadata: EventMetadata): Promise<{ refund: RefundAnswer; position: number }> {
  if (!booking.refundDue || !booking.paidBy) return { refund: 'NONE', position: 0 };
  // Everything the booking kept goes back: its own payment, and the differences paid for moves to dearer courses.
  let refund: RefundAnswer = 'REFUNDED';
  let position = 0;
  for (const paymentId of paymentsKept(booking)) {
    const payment = await readState(deps.eventStore, streams.payment(paymentId), paymentDecider);
    if (payment.state.status === 'absent') continue;
    if (payment.state.status === 'REFUNDED') {
      position = Math.max(position, payment.position);
      continue;
    }
    const refunded = await refundPayment(deps, paymentId, reason, metadata);
    if (refunded.status !== 'REFUNDED') refund = 'PENDING';
    position = Math.max(position, refunded.position);
  }
  return { refund, position };
}

/**
 * An unpaid booking cancelled with a payment attempt still open: the attempt is cancelled at the provider now,
 * so that no card can be charged for it (the payment reconciler does the same a little later if this fails).
 */
async function closeOpenAttempt(deps: Deps, booking: ExistingBooking, metadata: EventMetadata) {
  if (!booking.paymentId || booking.paidBy) return;
  try {
    await reconcilePayment(deps, booking.paymentId, metadata);
  } catch {
    // The provider did not answer: the reconciler, told of the cancellation, asks it again.
  }
}

/**
 * Cancels a CONFIRMED booking (the learner's own, any for an administrator, every booking of a cancelled
 * course) or a learner's own unpaid PENDING one, closes any payment attempt left open, gives the spot back and refunds what was paid when the cancellation is refundable. Money the
 * provider took but nobody reported yet is settled first, so the decision rests on the money really taken.
 * A learner who may not see the booking gets BookingNotFound, as if it did not exist. Cancelling again
 * answers what the booking's history says, and finishes a refund left due.
 */
export async function cancelBooking(deps: Deps, bookingId: string, actor: Canceller, metadata: EventMetadata) {
  const { booking, course } = await loadBooking(deps, bookingId);
  const by = 'by' in actor ? actor.by : actor.role === 'ADMIN' ? 'admin' : 'learner';
  if (by === 'learner' && booking.userId !== actor.userId) throw new BookingNotFound();
  if (booking.status !== 'CANCELLED') await reconcileBookingPayment(deps, bookingId, metadata);
  const now = deps.clock.now();
  const cancelled = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, {
    type: 'CancelBooking', bookingId, by, cancelledBy: actor.userId,
    courseStartDate: course.details.startDate, refundCutoffHours: deps.refundCutoffHours ?? 72, now,
  }, { metadata });
  if (cancelled.state.status === 'absent') throw new BookingNotFound();
  const caused = followUp(metadata, cancelled.eventIds[0] ?? metadata.causationId, now);
  const released = await releaseSpot(deps, booking.courseId, bookingId, by === 'courseCancelled' ? 'courseCancelled' : 'cancelled', caused);
  // The place held for a move it waited to pay for goes back too.
  const pending = cancelled.events.find((event) => event.type === 'BookingMoveAbandoned');
  if (pending?.type === 'BookingMoveAbandoned') await releaseUnheld(deps, pending.data.toCourseId, bookingId, 'expired', caused);
  const reason = by === 'admin' ? 'cancelled by an administrator' : by === 'courseCancelled' ? 'the course was cancelled' : 'cancelled by the learner';
  if (booking.status === 'PENDING') await closeOpenAttempt(deps, cancelled.state, caused);
  const money = await refundOf(deps, cancelled.state, reason, caused);
  return { cancelled: cancelled.events.length > 0, refundDue: cancelled.state.refundDue, refund: money.refund, position: Math.max(cancelled.position, released.position, money.position) };
}

/**
 * A payment is being refunded: the booking that kept it, CONFIRMED, is cancelled (`refundCancels`), its money
 * due back, and its spot released, so that nobody keeps a seat for free. The refund itself is the caller's: an
 * administrator's refund asks for it next; a refund asked for otherwise is already under way. Whatever a crash
 * leaves undone is finished by the reactors: the spot keeper releases the spot of a cancelled booking, the
 * refund keeper asks for the refund of a cancellation that made one due, and cancels the booking of a refund
 * asked for first.
 */
export async function cancelForRefund(deps: Pick<Deps, 'eventStore' | 'clock'>, payment: { paymentId: string; bookingId: string }, cancelledBy: string | null, metadata: EventMetadata) {
  const now = deps.clock.now();
  const { bookingId, paymentId } = payment;
  const cancelled = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, { type: 'CancelForRefund', bookingId, paymentId, cancelledBy, now }, { metadata });
  if (cancelled.events.length === 0 || cancelled.state.status === 'absent') return { cancelled: false, position: cancelled.position, metadata };
  const caused = followUp(metadata, cancelled.eventIds[0] ?? metadata.causationId, now);
  const released = await handleCommand(deps.eventStore, streams.course(cancelled.state.courseId), courseDecider, { type: 'ReleaseSpot', courseId: cancelled.state.courseId, bookingId, reason: 'cancelled' }, { metadata: caused });
  return { cancelled: true, position: Math.max(cancelled.position, released.position), metadata: caused };
}

/**
 * An administrator refunds a SUCCEEDED payment in full: when a CONFIRMED booking kept it, the booking is
 * cancelled first (one action: the money goes back and the seat is freed), then the refund is asked for.
 */
export async function refundBookingPayment(deps: Deps, payment: { paymentId: string; bookingId: string }, adminId: string | null, reason: string, metadata: EventMetadata) {
  const booking = await cancelForRefund(deps, payment, adminId, metadata);
  const refunded = await refundPayment(deps, payment.paymentId, reason, booking.metadata);
  return { refund: refunded.status, bookingCancelled: booking.cancelled, position: Math.max(booking.position, refunded.position) };
}

/** The centre that runs the course confirms a PENDING booking; for anyone else the booking does not exist. */
export async function approveBooking(deps: Deps, bookingId: string, centreUserId: string, metadata: EventMetadata) {
  const { course } = await loadBooking(deps, bookingId);
  const organization = await readState(deps.eventStore, streams.organization(course.organizationId), organizationDecider);
  if (organization.state.status === 'absent' || organization.state.ownerUserId !== centreUserId) throw new BookingNotFound();
  const approved = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, {
    type: 'ApproveBooking', bookingId, approvedBy: centreUserId, now: deps.clock.now(),
  }, { metadata });
  return { approved: approved.events.length > 0, position: approved.position };
}

/**
 * The centre that runs the course records the money it received for a booking it confirmed unpaid (cash, cheque
 * or transfer, on a day); for anyone else the booking does not exist. Money an online attempt took meanwhile is
 * settled first, so that a booking paid online is never also recorded as paid at the centre.
 */
export async function recordCentrePayment(
  deps: Deps, bookingId: string, centreUserId: string, received: { method: CentrePaymentMethod; receivedOn: string }, metadata: EventMetadata,
) {
  const { course } = await loadBooking(deps, bookingId);
  const organization = await readState(deps.eventStore, streams.organization(course.organizationId), organizationDecider);
  if (organization.state.status === 'absent' || organization.state.ownerUserId !== centreUserId) throw new BookingNotFound();
  await reconcileBookingPayment(deps, bookingId, metadata);
  const recorded = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, {
    type: 'RecordCentrePayment', bookingId, ...received, recordedBy: centreUserId, now: deps.clock.now(),
  }, { metadata });
  if (recorded.state.status === 'absent' || !recorded.state.paidAtCentre) throw new BookingNotFound();
  return { paidAtCentre: recorded.state.paidAtCentre, position: recorded.position };
}

/**
 * An administrator removes a PENDING booking for good, and its spot goes back. A booking whose money the
 * provider took meanwhile is not pending any more: it is confirmed first, and its deletion refused (an
 * administrator cancels it, which refunds it). An attempt still open is cancelled by the reconciliation.
 */
export async function deleteBooking(deps: Deps, bookingId: string, adminId: string, metadata: EventMetadata) {
  const { booking } = await loadBooking(deps, bookingId);
  await reconcileBookingPayment(deps, bookingId, metadata);
  const now = deps.clock.now();
  const deleted = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, { type: 'DeleteBooking', bookingId, deletedBy: adminId, now }, { metadata });
  const released = await releaseSpot(deps, booking.courseId, bookingId, 'deleted', followUp(metadata, deleted.eventIds[0] ?? metadata.causationId, now));
  return { position: Math.max(deleted.position, released.position) };
}
