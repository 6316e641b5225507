import { givesPointsBack, probationCheck, streams, type EventMetadata, type LearnerCase } from '@recup/shared-events';
import { handleCommand, readState } from '../core/decider';
import { courseDecider } from '../courses/course-decider';
import type { CommandApiDeps } from '../deps';
import { userDecider } from '../users/user-decider';
import type { LicenceDetail } from '../contracts/learner-case';
import { bookingDecider } from './booking-decider';
import { BookingNotFound } from './booking-errors';

/**
 * The learner says why they take the course, on their own booking (for anyone else it does not exist), until the
 * course starts. The answer says what the case means for this course: for the 48N case, the last day the course
 * may end for the fine to be refunded and whether it does; for cases 3 and 4, that no points come back.
 */
export async function declareLearnerCase(
  deps: Pick<CommandApiDeps, 'eventStore' | 'clock'>,
  bookingId: string,
  userId: string,
  input: { learnerCase: LearnerCase; letterReceivedOn?: string | null | undefined },
  metadata: EventMetadata,
) {
  const booking = await readState(deps.eventStore, streams.booking(bookingId), bookingDecider);
  if (booking.state.status === 'absent' || booking.state.userId !== userId) throw new BookingNotFound();
  const course = await readState(deps.eventStore, streams.course(booking.state.courseId), courseDecider);
  if (course.state.status === 'absent') throw new BookingNotFound();
  const declared = await handleCommand(deps.eventStore, streams.booking(bookingId), bookingDecider, {
    type: 'DeclareLearnerCase', bookingId, learnerCase: input.learnerCase, letterReceivedOn: input.letterReceivedOn ?? null, declaredBy: userId,
    courseStartDate: course.state.details.startDate, now: deps.clock.now(),
  }, { metadata });
  if (declared.state.status === 'absent' || !declared.state.learnerCase) throw new BookingNotFound();
  const record = declared.state.learnerCase;
  return {
    learnerCase: record,
    probation: record.case === 'PROBATION_48N' && record.letterReceivedOn ? probationCheck(record.letterReceivedOn, course.state.details.endDate) : null,
    givesPointsBack: givesPointsBack(record.case),
    position: declared.position,
  };
}

/** The licence details the prefecture needs of a trainee (DOMAIN.md, the attestation) that the learner's profile lacks. */
export async function missingLicenceDetails(deps: Pick<CommandApiDeps, 'eventStore'>, userId: string): Promise<LicenceDetail[]> {
  const { state } = await readState(deps.eventStore, streams.user(userId), userDecider);
  if (state.status === 'absent') return [];
  const { licenseNumber, dateOfBirth, placeOfBirth, countryOfBirth } = state.profile;
  const present: Record<LicenceDetail, unknown> = { licenseNumber, dateOfBirth, placeOfBirth, countryOfBirth };
  return (Object.keys(present) as LicenceDetail[]).filter((detail) => !present[detail]);
}
