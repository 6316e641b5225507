import { streams, type EventMetadata } from '@recup/shared-events';
import { handleCommand, readState } from '../core/decider';
import { followUp } from '../core/metadata';
import { courseDecider } from '../courses/course-decider';
import { CourseNotFound } from '../courses/course-errors';
import type { CommandApiDeps } from '../deps';
import { organizationDecider } from '../organizations/organization-decider';
import { reconcileBookingPayment } from '../payments/pay-booking';
import { paymentDecider } from '../payments/payment-decider';
import { refundPayment } from '../payments/refund-payment';
import type { ExistingBooking } from './booking';
import { bookingDecider } from './booking-decider';
import { BookingNotFound } from './booking-errors';

type Deps = Pick<CommandApiDeps, 'eventStore' | 'payments' | 'clock' | 'ids' | 'refundCutoffHours'>;


export type RefundAnswer = 'REFUNDED' | 'PENDING' | 'NONE';

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
export type Canceller = { userId: string; role: 'USER' | 'ADMIN' } | { by: 'courseCancelled'; userId: string | null };

/**
 * What the booking's history says of the money of a cancelled booking: refunded, due and under way, or
 * nothing due. A refund due but never asked for (a crash after the cancellation) is asked for now.
 */
async function refundOf(deps: Deps, booking: ExistingBooking, reason: string, metadata: EventMetadata): Promise<{ refund: RefundAnswer; position: number }> {
  if (!booking.refundDue || !booking.paidBy) return { refund: 'NONE', position: 0 };
  const payment = await readState(deps.eventStore, streams.payment(booking.paidBy), paymentDecider);
  if (payment.state.status === 'REFUNDED') return { refund: 'REFUNDED', position: payment.position };
  if (payment.state.status === 'absent') return { refund: 'NONE', position: 0 };
  const refunded = await refundPayment(deps, booking.paidBy, reason, metadata);
  return { refund: refunded.status, position: refunded.position };
}

/**
 * Cancels a CONFIRMED booking (the learner's own, any for an administrator, every booking of a cancelled
 * course), gives the spot back and refunds what was paid when the cancellation is refundable. Money the
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
  const reason = by === 'admin' ? 'cancelled by an administrator' : by === 'courseCancelled' ? 'the course was cancelled' : 'cancelled by the learner';
  const money = await refundOf(deps, cancelled.state, reason, caused);
  return { cancelled: cancelled.events.length > 0, refundDue: cancelled.state.refundDue, refund: money.refund, position: Math.max(cancelled.position, released.position, money.position) };
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
