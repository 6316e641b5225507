import { describe, it } from 'vitest';
import type { CourseEvent } from '@recup/shared-events';
import { specFor } from '../testing/given-when-then';
import { CourseNotFound } from './course-errors';
import { prefecturePackDecider, type MarkPrefecturePackSent, type RemindPrefecturePack } from './prefecture-pack-decider';
import { CancelledCourseHasNoPack, PrefecturePackNotDue } from './prefecture-pack-errors';

const spec = specFor(prefecturePackDecider);
const details = {
  title: 'Toulon', titleEn: null, description: 'Stage', descriptionEn: null, address: '12 avenue de la République', city: 'Toulon', postalCode: '83000', department: '83' as const,
  startDate: '2026-12-05T07:00:00.000Z', endDate: '2026-12-06T16:00:00.000Z', price: 22_000, totalSpots: 2, antsNumber: null,
};
const scheduled: CourseEvent = { type: 'CourseScheduled', data: { courseId: 'c1', organizationId: 'o1', ...details } };
const reserved: CourseEvent = { type: 'SpotReserved', data: { courseId: 'c1', bookingId: 'b1', userId: 'u1', reservedAt: '2026-11-21T09:00:00.000Z' } };
const cancelled: CourseEvent = { type: 'CourseCancelled', data: { courseId: 'c1', reason: 'organization', cancelledAt: '2026-11-30T09:00:00.000Z' } } as CourseEvent;
const at = (iso: string) => new Date(iso);
const afterCourse = at('2026-12-10T09:00:00.000Z');
const mark = (now = afterCourse): MarkPrefecturePackSent => ({ type: 'MarkPrefecturePackSent', courseId: 'c1', sentBy: 'centre-user', now });
const sent = (now = afterCourse): CourseEvent => ({ type: 'CoursePrefecturePackSent', data: { courseId: 'c1', sentBy: 'centre-user', sentAt: now.toISOString() } });
const remind = (day: 10 | 15, now: Date): RemindPrefecturePack => ({ type: 'RemindPrefecturePack', courseId: 'c1', day, now });
const reminded = (day: 10 | 15, now: Date): CourseEvent => ({ type: 'CoursePrefecturePackReminderSent', data: { courseId: 'c1', day, deadline: '2026-12-21', sentAt: now.toISOString() } });
const day10 = at('2026-12-16T08:00:00.000Z');
const day15 = at('2026-12-21T08:00:00.000Z');

describe('marking the prefecture’s pack sent', () => {
  it('records who said it was sent, and when, once the course has ended', () =>
    spec([scheduled]).when(mark()).then([sent()]));
  it('records it late too (after the 15 days)', () =>
    spec([scheduled]).when(mark(at('2027-01-10T09:00:00.000Z'))).then([sent(at('2027-01-10T09:00:00.000Z'))]));
  it('is refused before the course has ended', () =>
    spec([scheduled]).when(mark(at('2026-12-06T15:59:59.000Z'))).thenThrows(PrefecturePackNotDue));
  it('happens once: saying it again changes nothing', () =>
    spec([scheduled, sent()]).when(mark(at('2026-12-11T09:00:00.000Z'))).thenNothingHappens());
  it('is refused for a cancelled course and a course that does not exist', () => {
    spec([scheduled, cancelled]).when(mark()).thenThrows(CancelledCourseHasNoPack);
    spec([]).when(mark()).thenThrows(CourseNotFound);
  });
});

describe('reminding the centre of its pack', () => {
  it('says nothing for a course nobody holds a place on', () =>
    spec([scheduled]).when(remind(10, day10)).thenNothingHappens());
  it('reminds 10 days after the course and on the last day, naming the deadline', () => {
    spec([scheduled, reserved]).when(remind(10, day10)).then([reminded(10, day10)]);
    spec([scheduled, reserved, reminded(10, day10)]).when(remind(15, day15)).then([reminded(15, day15)]);
  });
  it('reminds once each', () =>
    spec([scheduled, reserved, reminded(10, day10)]).when(remind(10, at('2026-12-16T09:00:00.000Z'))).thenNothingHappens());
  it('says nothing once the pack was marked sent, or the course cancelled', () => {
    spec([scheduled, reserved, sent()]).when(remind(10, day10)).thenNothingHappens();
    spec([scheduled, reserved, cancelled]).when(remind(15, day15)).thenNothingHappens();
  });
  it('says nothing before its time, nor after (not sent late)', () => {
    spec([scheduled, reserved]).when(remind(10, at('2026-12-16T07:59:00.000Z'))).thenNothingHappens();
    spec([scheduled, reserved]).when(remind(10, day15)).thenNothingHappens();
    spec([scheduled, reserved]).when(remind(15, at('2026-12-22T09:00:00.000Z'))).thenNothingHappens();
  });
});
