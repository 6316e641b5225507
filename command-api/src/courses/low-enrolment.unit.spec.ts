import { describe, it } from 'vitest';
import type { CourseEvent } from '@recup/shared-events';
import { specFor } from '../testing/given-when-then';
import { LowEnrolmentNoticeNotDue, lowEnrolmentDecider } from './low-enrolment';

const spec = specFor(lowEnrolmentDecider);
const details = {
  title: 'Marseille', titleEn: null, description: 'Stage de sensibilisation à la sécurité routière', descriptionEn: null,
  address: '1 rue de la Paix', city: 'Marseille', postalCode: '13001', department: '13' as const,
  startDate: '2026-12-14T08:00:00.000Z', endDate: '2026-12-15T16:30:00.000Z', price: 22_000, totalSpots: 20, antsNumber: null,
};
const scheduled: CourseEvent = { type: 'CourseScheduled', data: { courseId: 'c1', organizationId: 'o1', ...details } };
const due = new Date('2026-12-04T08:00:00.000Z');
const noticed: CourseEvent = { type: 'CourseLowEnrolmentNoticed', data: { courseId: 'c1', organizationId: 'o1', participants: 4, minimum: 6, noticedAt: due.toISOString() } };

describe('a course short of participants', () => {
  it('is noticed 10 days before its first day, below 6 confirmed participants, once', () => {
    spec([scheduled]).when({ type: 'NoticeLowEnrolment', participants: 4, now: due }).then([noticed]);
    spec([scheduled, noticed]).when({ type: 'NoticeLowEnrolment', participants: 3, now: new Date('2026-12-05T08:00:00.000Z') }).thenNothingHappens();
  });
  it('is not noticed before its time, with 6 participants, once started, or cancelled', () => {
    spec([scheduled]).when({ type: 'NoticeLowEnrolment', participants: 4, now: new Date('2026-12-04T07:59:00.000Z') }).thenThrows(LowEnrolmentNoticeNotDue);
    spec([scheduled]).when({ type: 'NoticeLowEnrolment', participants: 6, now: due }).thenThrows(LowEnrolmentNoticeNotDue);
    spec([scheduled]).when({ type: 'NoticeLowEnrolment', participants: 0, now: new Date(details.startDate) }).thenThrows(LowEnrolmentNoticeNotDue);
    spec([scheduled, { type: 'CourseCancelled', data: { courseId: 'c1', reason: 'deletedByCentre' } }]).when({ type: 'NoticeLowEnrolment', participants: 0, now: due }).thenThrows(LowEnrolmentNoticeNotDue);
  });
});
