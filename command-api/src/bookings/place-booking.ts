import { streams, type EventMetadata, type LearnerCase } from '@recup/shared-events';
import { startsWithinWithdrawalPeriod } from '@recup/shared-events/bookings/withdrawal';
import { handleCommand, readState } from '../core/decider';
import { followUp } from '../core/metadata';
import { courseDecider } from '../courses/course-decider';
import type { CommandApiDeps } from '../deps';
import { centreSells } from '../organizations/centre-sells';
import { assertLetterDate, bookingDecider } from './booking-decider';
import { newBookingReference } from './booking-reference';

/** Whether the centre that runs the course is verified, as the centre's stream says now: only a verified centre sells. */
export async function sellerVerified(deps: Pick<CommandApiDeps, 'eventStore'>, courseId: string): Promise<boolean> {
  const course = await readState(deps.eventStore, streams.course(courseId), courseDecider);
  return course.state.status !== 'absent' && centreSells(deps, course.state.organizationId);
}

/**
 * A booking touches two streams. The course stream reserves the spot first: capacity is decided there,
 * atomically, with its expected revision, and so is whether the course still sells (its centre verified).
 * Then the booking stream records the booking at the course's price. If that second append fails, the spot
 * is released at once; a crash in between is repaired by a reactor.
 */
export async function placeBooking(
  deps: Pick<CommandApiDeps, 'eventStore' | 'clock' | 'ids' | 'bookingHoldMinutes'>,
  input: { courseId: string; userId: string; earlyStartRequested?: boolean; learnerCase?: LearnerCase; letterReceivedOn?: string | null },
  metadata: EventMetadata,
) {
  const now = deps.clock.now();
  // A case said wrongly is refused before any spot is taken for it.
  assertLetterDate(input.learnerCase ?? null, input.letterReceivedOn ?? null, now);
  const bookingId = deps.ids.next();
  const reservation = await handleCommand(deps.eventStore, streams.course(input.courseId), courseDecider, {
    type: 'ReserveSpot', courseId: input.courseId, bookingId, userId: input.userId, sellerVerified: await sellerVerified(deps, input.courseId),
    earlyStartRequested: input.earlyStartRequested === true, now,
  }, { metadata });
  if (reservation.state.status === 'absent') throw new Error('unreachable: a spot was reserved on an absent course');
  const price = reservation.state.details.price;
  const causedBy = reservation.eventIds[0]!;
  try {
    const booking = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, {
      type: 'PlaceBooking', bookingId, bookingReference: newBookingReference(), courseId: input.courseId, userId: input.userId, price, holdMinutes: deps.bookingHoldMinutes ?? 30, now,
      earlyStartRequested: input.earlyStartRequested === true && startsWithinWithdrawalPeriod(now, reservation.state.details.startDate),
      ...(input.learnerCase ? { learnerCase: input.learnerCase, letterReceivedOn: input.letterReceivedOn ?? null } : {}),
    }, { metadata: followUp(metadata, causedBy, now), newStream: true });
    if (booking.state.status === 'absent') throw new Error('unreachable: booking not placed');
    return { bookingId, bookingReference: booking.state.bookingReference, holdExpiresAt: booking.state.holdExpiresAt, position: booking.position };
  } catch (error) {
    await handleCommand(deps.eventStore, streams.course(input.courseId), courseDecider, {
      type: 'ReleaseSpot', courseId: input.courseId, bookingId, reason: 'orphaned',
    }, { metadata: followUp(metadata, causedBy, deps.clock.now()) });
    throw error;
  }
}
