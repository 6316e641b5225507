import { describe, it } from 'vitest';
import type { CourseBatchEvent } from '@recup/shared-events';
import { specFor } from '../testing/given-when-then';
import { courseBatchDecider, CourseBatchWithdrawn } from './course-batch';

const spec = specFor(courseBatchDecider);
const now = new Date('2026-11-21T09:00:00.000Z');
const course = {
  courseId: 'c1', title: 'Toulon', titleEn: null, description: '', descriptionEn: null, address: '12 avenue de la République', city: 'Toulon', postalCode: '83000',
  department: '83' as const, startDate: '2026-12-04T07:00:00.000Z', endDate: '2026-12-05T16:00:00.000Z', price: 22_000, totalSpots: 20, antsNumber: null,
};
const started: CourseBatchEvent = { type: 'CourseBatchStarted', data: { batchId: 'b1', organizationId: 'o1', courses: [course, { ...course, courseId: 'c2' }], startedAt: now.toISOString() } };
const publishedEvent: CourseBatchEvent = { type: 'CourseBatchPublished', data: { batchId: 'b1', organizationId: 'o1', courseIds: ['c1', 'c2'], publishedAt: now.toISOString() } };
const withdrawnEvent: CourseBatchEvent = { type: 'CourseBatchWithdrawn', data: { batchId: 'b1', organizationId: 'o1', courseIds: ['c1', 'c2'], reason: 'x', withdrawnAt: now.toISOString() } };

describe('a batch of courses', () => {
  it('starts with every course it will publish', () => {
    spec([]).when({ type: 'StartCourseBatch', batchId: 'b1', organizationId: 'o1', courses: started.data.courses as never, now }).then([started]);
  });
  it('is published once, all its courses together', () => {
    spec([started]).when({ type: 'PublishCourseBatch', now }).then([publishedEvent]);
    spec([started, publishedEvent]).when({ type: 'PublishCourseBatch', now }).thenNothingHappens();
  });
  it('is withdrawn instead, and then never published', () => {
    spec([started]).when({ type: 'WithdrawCourseBatch', reason: 'x', now }).then([withdrawnEvent]);
    spec([started, withdrawnEvent]).when({ type: 'PublishCourseBatch', now }).thenThrows(CourseBatchWithdrawn);
    spec([started, publishedEvent]).when({ type: 'WithdrawCourseBatch', reason: 'x', now }).thenNothingHappens();
  });
});
