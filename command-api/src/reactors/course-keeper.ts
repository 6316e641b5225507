import type { Clock } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import type { PaymentGateway } from '@recup/infra/payments/port';
import type { SellerIdentity } from '@recup/infra/seller-identity';
import type { EventMetadata, RecordedDomainEvent } from '@recup/shared-events';
import { randomIds } from '@recup/infra/clock';
import { DomainError } from '../core/domain-error';
import { commandMetadata } from '../core/metadata';
import { cancelCourse, completeCourseBatch } from '../courses/manage-course';
import type { Reactor } from './reactor';

/** How long a command may take to finish its own chain before the keeper takes it for the leftover of a crash. */
const COURSE_KEEPER_GRACE_MS = 2 * 60_000;

type Due = { at: number; metadata: EventMetadata };

/**
 * Finishes what a crash may leave half-done on the courses' side, so that it can never be seen half-done
 * for long:
 * - a batch started but neither published nor withdrawn is completed (or withdrawn);
 * - a cancelled course whose bookings were not all cancelled (and refunded) has the rest cancelled;
 * - a deleted centre's courses are all cancelled — also those it never announced on its own stream
 *   (courses recorded directly), which the keeper knows from their CourseScheduled.
 * The commands do the same work at once; everything here is idempotent, so the keeper repeats nothing.
 */
export function courseKeeper(eventStore: EventStore, payments: PaymentGateway, clock: Clock, options: { seller: SellerIdentity }): Reactor {
  const deps = { eventStore, payments, clock, ids: randomIds, seller: options.seller };
  const batches = new Map<string, Due>();
  const cancellations = new Map<string, Due>();
  const deletions = new Map<string, Due & { deletedBy: string }>();
  const coursesOf = new Map<string, Set<string>>();

  const due = (event: RecordedDomainEvent): Due => ({
    at: Date.parse(event.metadata.occurredAt),
    metadata: { ...commandMetadata({ type: 'system', name: 'course-keeper' }, new Date(event.metadata.occurredAt), event.metadata.correlationId), causationId: event.id },
  });

  /** A step refused by the stream's real state (a centre deleted meanwhile…) is not this keeper's to force. */
  async function quietly(work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }

  return {
    name: 'course-keeper',
    async handle(event) {
      switch (event.type) {
        case 'CourseScheduled': {
          const courses = coursesOf.get(event.data.organizationId) ?? new Set<string>();
          courses.add(event.data.courseId);
          coursesOf.set(event.data.organizationId, courses);
          return;
        }
        case 'CourseBatchStarted':
          batches.set(event.data.batchId, due(event));
          return;
        case 'CourseBatchPublished':
        case 'CourseBatchWithdrawn':
          batches.delete(event.data.batchId);
          return;
        case 'CourseCancelled':
          cancellations.set(event.data.courseId, due(event));
          return;
        case 'OrganizationDeleted':
          deletions.set(event.data.organizationId, { ...due(event), deletedBy: event.data.deletedBy });
          return;
        default:
          return;
      }
    },
    async sweep(now) {
      const ripe = (item: Due) => item.at + COURSE_KEEPER_GRACE_MS <= now.getTime();
      for (const [batchId, item] of batches) {
        if (!ripe(item)) continue;
        batches.delete(batchId);
        await quietly(() => completeCourseBatch(deps, batchId, item.metadata));
      }
      for (const [organizationId, item] of deletions) {
        if (!ripe(item)) continue;
        deletions.delete(organizationId);
        for (const courseId of coursesOf.get(organizationId) ?? []) {
          await quietly(() => cancelCourse(deps, courseId, { reason: 'organizationDeleted', mode: 'resume', cancelledBy: item.deletedBy }, item.metadata));
        }
      }
      for (const [courseId, item] of cancellations) {
        if (!ripe(item)) continue;
        cancellations.delete(courseId);
        await quietly(() => cancelCourse(deps, courseId, { reason: 'deletedByAdmin', mode: 'resume', cancelledBy: null }, item.metadata));
      }
    },
  };
}
