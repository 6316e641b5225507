import { postalCommunes } from '@recup/infra/geo/postal-communes';
import { approvalExpired, streams, type BatchCourse, type CourseCancellationReason, type CourseInput, type EventMetadata } from '@recup/shared-events';
import { cancelBooking } from '../bookings/manage-booking';
import { releaseMoveToCancelledCourse } from '../bookings/move-booking';
import { handleCommand, readState } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { followUp } from '../core/metadata';
import type { Precondition } from '../core/precondition';
import type { CommandApiDeps } from '../deps';
import { organizationDecider } from '../organizations/organization-decider';
import { ApprovalExpired, OrganizationNotFound } from '../organizations/organization-errors';
import { initialCourseState, type ExistingCourse } from './course';
import { courseBatchDecider } from './course-batch';
import { courseDecider, decideCourse } from './course-decider';
import { CourseNotFound, CourseWithdrawn, OrganizationNotVerified } from './course-errors';
import { BatchWithoutSessions } from './course-rule-errors';

type Deps = Pick<CommandApiDeps, 'eventStore' | 'payments' | 'clock' | 'ids' | 'refundCutoffHours' | 'seller'>;

/** The communes the typed postal code serves, from the gazetteer: the course's place must be one of them. */
const communesOf = (input: CourseInput) => postalCommunes((input.postalCode ?? '').trim());

/** Who acts on a course: its centre (which must be the course's) or an administrator. */
export type CourseActor = { by: 'centre'; organizationId: string } | { by: 'admin' };

/** A course the actor may act on; a centre's view of another centre's course is that it does not exist. */
export async function loadCourse(deps: Pick<Deps, 'eventStore'>, courseId: string, actor: CourseActor) {
  const course = await readState(deps.eventStore, streams.course(courseId), courseDecider);
  if (course.state.status === 'absent') throw new CourseNotFound();
  if (actor.by === 'centre' && course.state.organizationId !== actor.organizationId) throw new CourseNotFound();
  return { ...course, state: course.state };
}

/** The centre must exist and not be deleted; whether it may publish is its stream's decision. */
async function liveOrganization(deps: Pick<Deps, 'eventStore'>, organizationId: string) {
  const organization = await readState(deps.eventStore, streams.organization(organizationId), organizationDecider);
  if (organization.state.status !== 'registered') throw new OrganizationNotFound();
  return { ...organization, state: organization.state };
}

/**
 * Publishes one course. Every rule is checked before anything is written; then the centre's stream
 * announces the course (only a verified, live centre may), then the course's own stream schedules it.
 */
export async function publishCourse(deps: Deps, request: { organizationId: string; input: CourseInput; by: 'centre' | 'admin' }, metadata: EventMetadata) {
  const now = deps.clock.now();
  const courseId = deps.ids.next();
  const publish = {
    type: 'PublishCourse' as const, courseId, organizationId: request.organizationId, input: request.input, by: request.by, communes: communesOf(request.input), now,
  };
  decideCourse(publish, initialCourseState());
  await liveOrganization(deps, request.organizationId);
  const announced = await handleCommand(deps.eventStore, streams.organization(request.organizationId), organizationDecider, {
    type: 'AddOrganizationCourses', courseIds: [courseId], batchId: null, now,
  }, { metadata });
  const published = await handleCommand(deps.eventStore, streams.course(courseId), courseDecider, publish, {
    metadata: followUp(metadata, announced.eventIds[0] ?? metadata.causationId, now),
  });
  return { course: published.state as ExistingCourse, position: published.position };
}

/**
 * Publishes several courses at once, all or none. Every session is checked before the first append, then
 * the batch stream records them all; `completeCourseBatch` schedules each course and publishes the batch,
 * and the course keeper runs it again for a batch that a crash left half-done.
 */
export async function publishCourseBatch(deps: Deps, request: { organizationId: string; inputs: CourseInput[]; by: 'centre' | 'admin' }, metadata: EventMetadata) {
  if (request.inputs.length === 0) throw new BatchWithoutSessions();
  const now = deps.clock.now();
  const batchId = deps.ids.next();
  const courses: BatchCourse[] = request.inputs.map((input, index) => {
    const courseId = deps.ids.next();
    const [event] = decideCourse({
      type: 'PublishCourse', courseId, organizationId: request.organizationId, input, by: request.by, session: index + 1, communes: communesOf(input), now,
    }, initialCourseState());
    if (event?.type !== 'CourseScheduled') throw new Error('unreachable: a published course is scheduled');
    const { organizationId: _organizationId, batchId: _batchId, ...course } = event.data;
    return course;
  });
  const organization = await liveOrganization(deps, request.organizationId);
  if (!organization.state.verified) throw new OrganizationNotVerified();
  if (approvalExpired(organization.state.approvalExpiresOn, now)) throw new ApprovalExpired(organization.state.approvalExpiresOn!);
  const started = await handleCommand(deps.eventStore, streams.courseBatch(batchId), courseBatchDecider, {
    type: 'StartCourseBatch', batchId, organizationId: request.organizationId, courses, now,
  }, { metadata });
  const completed = await completeCourseBatch(deps, batchId, followUp(metadata, started.eventIds[0]!, now));
  // The centre was unverified or deleted between the check and the end: nothing was published.
  if (completed.status === 'withdrawn') throw new OrganizationNotVerified();
  return { batchId, courses, position: completed.position };
}

/**
 * Brings a started batch to its end, whatever was done of it before: announces its courses on the centre's
 * stream, schedules each course not scheduled yet, then publishes the batch. When the centre may no longer
 * publish, or a course of it was cancelled meanwhile, the batch is withdrawn instead: every course of it is
 * cancelled (or kept from ever being scheduled) and none shows.
 */
export async function completeCourseBatch(deps: Deps, batchId: string, metadata: EventMetadata): Promise<{ status: 'published' | 'withdrawn'; position: number }> {
  const stream = streams.courseBatch(batchId);
  const batch = await readState(deps.eventStore, stream, courseBatchDecider);
  if (batch.state.status === 'absent') throw new Error(`batch ${batchId} was never started`);
  if (batch.state.status !== 'started') return { status: batch.state.status, position: batch.position };
  const { organizationId, courses } = batch.state;
  const startedAt = new Date(batch.state.startedAt);
  let position = batch.position;

  // A centre unverified or deleted since the batch started publishes nothing of it.
  const organization = await readState(deps.eventStore, streams.organization(organizationId), organizationDecider);
  if (organization.state.status !== 'registered' || !organization.state.verified) return withdrawCourseBatch(deps, batchId, 'the centre may no longer publish', metadata);
  try {
    const announced = await handleCommand(deps.eventStore, streams.organization(organizationId), organizationDecider, {
      type: 'AddOrganizationCourses', courseIds: courses.map((c) => c.courseId), batchId, now: deps.clock.now(),
    }, { metadata });
    position = Math.max(position, announced.position);
  } catch (error) {
    if (error instanceof OrganizationNotVerified || error instanceof OrganizationNotFound || error instanceof ApprovalExpired) return withdrawCourseBatch(deps, batchId, 'the centre may no longer publish', metadata);
    throw error;
  }

  for (const { courseId, ...details } of courses) {
    try {
      // Checked when the batch started: the date it was declared is the one the law measures from.
      const result = await handleCommand(deps.eventStore, streams.course(courseId), courseDecider, {
        type: 'ScheduleCourse', courseId, organizationId, organizationVerified: true, details, batchId, now: startedAt,
      }, { metadata });
      position = Math.max(position, result.position);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const course = await readState(deps.eventStore, streams.course(courseId), courseDecider);
      const ours = course.state.status === 'scheduled' && course.state.batchId === batchId;
      if (!ours || error instanceof CourseWithdrawn) return withdrawCourseBatch(deps, batchId, 'a course of the batch was cancelled', metadata);
    }
  }
  const published = await handleCommand(deps.eventStore, stream, courseBatchDecider, { type: 'PublishCourseBatch', now: deps.clock.now() }, { metadata });
  return { status: 'published', position: Math.max(position, published.position) };
}

async function withdrawCourseBatch(deps: Deps, batchId: string, reason: string, metadata: EventMetadata) {
  const batch = await readState(deps.eventStore, streams.courseBatch(batchId), courseBatchDecider);
  if (batch.state.status === 'absent') throw new Error(`batch ${batchId} was never started`);
  let position = batch.position;
  for (const { courseId } of batch.state.courses) {
    const cancelled = await cancelCourse(deps, courseId, { reason: 'batchWithdrawn', mode: 'resume', cancelledBy: null }, metadata);
    position = Math.max(position, cancelled.position);
  }
  const withdrawn = await handleCommand(deps.eventStore, streams.courseBatch(batchId), courseBatchDecider, { type: 'WithdrawCourseBatch', reason, now: deps.clock.now() }, { metadata });
  return { status: 'withdrawn' as const, position: Math.max(position, withdrawn.position) };
}

/** Changes a course's details, under the same rules as publishing it (the law's schedule only if the schedule changes). */
export async function changeCourse(deps: Deps, courseId: string, actor: CourseActor, input: CourseInput, metadata: EventMetadata, precondition: Precondition | null = null) {
  const course = await loadCourse(deps, courseId, actor);
  const organization = await readState(deps.eventStore, streams.organization(course.state.organizationId), organizationDecider);
  const organizationVerified = organization.state.status === 'registered' && organization.state.verified;
  const changed = await handleCommand(deps.eventStore, streams.course(courseId), courseDecider, {
    type: 'ChangeCourseDetails', courseId, input, by: actor.by, organizationVerified, communes: communesOf(input), now: deps.clock.now(),
  }, { metadata, precondition });
  return { course: changed.state as ExistingCourse, position: changed.position, revision: changed.revision };
}

interface CourseCancellation {
  /** Whether this call cancelled the course (false when it was cancelled already, or had started). */
  cancelled: boolean;
  /** Bookings this cancellation cancelled (a booking already cancelled is not counted again). */
  cancelledBookings: number;
  /** Of them, those whose payment was refunded or whose refund is under way. */
  refunds: number;
  position: number;
}

/**
 * Cancels a course and, through the bookings' own domain, each of its bookings: paid ones are refunded, every
 * learner is mailed (the mail reactor), every spot is released once. One chain: the course's cancellation
 * causes each booking's, which causes its refund; all share the request's correlation id. Run again (the
 * course keeper, after a crash), it finishes what is left and repeats nothing.
 */
export async function cancelCourse(
  deps: Deps,
  courseId: string,
  request: { reason: CourseCancellationReason; mode: 'request' | 'resume'; cancelledBy: string | null },
  metadata: EventMetadata,
): Promise<CourseCancellation> {
  const now = deps.clock.now();
  const cancelled = await handleCommand(deps.eventStore, streams.course(courseId), courseDecider, { type: 'CancelCourse', courseId, reason: request.reason, mode: request.mode, now }, { metadata });
  const course = cancelled.state;
  const result: CourseCancellation = { cancelled: cancelled.events.length > 0, cancelledBookings: 0, refunds: 0, position: cancelled.position };
  if (course.status !== 'cancelled') return result;
  const caused = followUp(metadata, cancelled.eventIds[0] ?? metadata.causationId, now);
  for (const bookingId of Object.keys(course.reservations)) {
    try {
      // A place held only for a move to this course: the move ends, the booking keeps its own course.
      if (await releaseMoveToCancelledCourse(deps, bookingId, courseId, caused)) continue;
      const outcome = await cancelBooking(deps, bookingId, { by: 'courseCancelled', userId: request.cancelledBy }, caused);
      result.position = Math.max(result.position, outcome.position);
      if (outcome.cancelled) result.cancelledBookings += 1;
      if (outcome.refund !== 'NONE') result.refunds += 1;
    } catch (error) {
      // A reservation whose booking was never recorded (a crash while booking) is the spot keeper's to release.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return result;
}
