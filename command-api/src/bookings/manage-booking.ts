import { streams, type EventMetadata } from '@recup/shared-events';
import { handleCommand, readState } from '../core/decider';
import { followUp } from '../core/metadata';
import { courseDecider } from '../courses/course-decider';
import { CourseNotFound } from '../courses/course-errors';
import type { CommandApiDeps } from '../deps';
import { organizationDecider } from '../organizations/organization-decider';
import { refundPayment } from '../payments/refund-payment';
import { bookingDecider } from './booking-decider';
import { BookingNotFound } from './booking-errors';

type Deps = Pick<CommandApiDeps, 'eventStore' | 'payments' | 'clock' | 'refundCutoffHours'>;

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
 * Cancels a CONFIRMED booking (the learner's own, or any for an administrator), gives the spot back and, when
 * the cancellation is refundable, refunds the payment. A learner who may not see the booking gets
 * BookingNotFound, as if it did not exist. A cancelled course cancels its PENDING bookings as well.
 */
export async function cancelBooking(deps: Deps, bookingId: string, actor: Canceller, metadata: EventMetadata) {
  const { booking, course } = await loadBooking(deps, bookingId);
  const by = 'by' in actor ? actor.by : actor.role === 'ADMIN' ? 'admin' : 'learner';
  if (by === 'learner' && booking.userId !== actor.userId) throw new BookingNotFound();
  const now = deps.clock.now();
  const cancelled = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, {
    type: 'CancelBooking', bookingId, by, cancelledBy: actor.userId,
    courseStartDate: course.details.startDate, refundCutoffHours: deps.refundCutoffHours ?? 72, now,
  }, { metadata });
  const caused = followUp(metadata, cancelled.eventIds[0] ?? metadata.causationId, now);
  const released = await releaseSpot(deps, booking.courseId, bookingId, by === 'courseCancelled' ? 'courseCancelled' : 'cancelled', caused);
  const event = cancelled.events[0];
  const refundDue = event?.type === 'BookingCancelled' ? event.data.refundDue : false;
  let refund: 'REFUNDED' | 'PENDING' | 'NONE' = 'NONE';
  let position = Math.max(cancelled.position, released.position);
  if (refundDue && booking.paymentId) {
    const reason = { admin: 'cancelled by an administrator', learner: 'cancelled by the learner', courseCancelled: 'the course was cancelled' }[by];
    const refunded = await refundPayment(deps, booking.paymentId, reason, caused);
    refund = refunded.status;
    position = Math.max(position, refunded.position);
  }
  return { cancelled: cancelled.events.length > 0, refundDue, refund, position };
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

/** An administrator removes a PENDING booking for good, and its spot goes back. */
export async function deleteBooking(deps: Deps, bookingId: string, adminId: string, metadata: EventMetadata) {
  const { booking } = await loadBooking(deps, bookingId);
  const now = deps.clock.now();
  const deleted = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, { type: 'DeleteBooking', bookingId, deletedBy: adminId, now }, { metadata });
  const released = await releaseSpot(deps, booking.courseId, bookingId, 'deleted', followUp(metadata, deleted.eventIds[0] ?? metadata.causationId, now));
  return { position: Math.max(deleted.position, released.position) };
}
