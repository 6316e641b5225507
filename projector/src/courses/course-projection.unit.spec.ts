import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../testing/recorded';
import type { CourseDocument } from './course-document';
import { courseProjection } from './course-projection';

const stream = 'course-c1';
const details = {
  courseId: 'c1', organizationId: 'o1', title: 'Salon-de-Provence', titleEn: null, description: 'Stage', descriptionEn: null,
  address: '3 boulevard de la République', city: 'Salon-de-Provence', postalCode: '13300', department: '13' as const,
  startDate: '2026-12-05T07:00:00.000Z', endDate: '2026-12-06T16:00:00.000Z', price: 21_900, totalSpots: 20, antsNumber: 'R2013000010',
};
const schedule = (place: { city: string; postalCode: string } = details) => recorded(stream, 0, { type: 'CourseScheduled', data: { ...details, ...place } });
const scheduled = schedule();
const reserved = (revision: number, bookingId: string) => recorded(stream, revision, { type: 'SpotReserved', data: { courseId: 'c1', bookingId, userId: `u-${bookingId}`, reservedAt: '2026-11-21T09:00:00.000Z' } });
const released = (revision: number, bookingId: string) => recorded(stream, revision, { type: 'SpotReleased', data: { courseId: 'c1', bookingId, userId: `u-${bookingId}`, reason: 'cancelled' } });

describe('courses read model', () => {
  it('holds the facilitators as last named by the centre (issue 20)', () => {
    expect(fold<CourseDocument>(courseProjection.evolve, [scheduled])).toMatchObject({ facilitators: [] });
    const facilitators = [{ role: 'ROAD_SAFETY_EXPERT' as const, name: 'Jean Martin' }, { role: 'PSYCHOLOGIST' as const, name: 'Claire Petit' }];
    const doc = fold<CourseDocument>(courseProjection.evolve, [scheduled, recorded(stream, 1, { type: 'CourseFacilitatorsNamed', data: { courseId: 'c1', facilitators, namedBy: 'c', namedAt: '2026-12-04T08:00:00.000Z' } })]);
    expect(doc?.facilitators).toEqual(facilitators);
  });

  it('holds a scheduled course with all its spots free, its Paris weekday and a search text without accents', () => {
    const doc = fold<CourseDocument>(courseProjection.evolve, [scheduled]);
    expect(doc).toMatchObject({ _id: 'c1', city: 'Salon-de-Provence', price: 21_900, totalSpots: 20, spotsTaken: 0, cancelled: false, startWeekday: 6, antsNumber: 'R2013000010' });
    expect(doc!.searchText).toBe('salon de provence salon de provence 13300');
  });

  it('places a course at the centre of its commune, found by city and postal code', () => {
    const doc = fold<CourseDocument>(courseProjection.evolve, [scheduled]);
    expect(doc!.location).toEqual({ communeCode: '13103', lat: expect.closeTo(43.64, 1), lon: expect.closeTo(5.09, 1) });
    const marseille = fold<CourseDocument>(courseProjection.evolve, [schedule({ city: 'Marseille', postalCode: '13008' })]);
    expect(marseille!.location?.communeCode).toBe('13208');
  });

  it('leaves a course of an unknown place without a location', () => {
    const doc = fold<CourseDocument>(courseProjection.evolve, [schedule({ city: 'Atlantis', postalCode: '99999' })]);
    expect(doc!.location).toBeNull();
  });

  it('counts spots taken as reservations come and go', () => {
    const doc = fold<CourseDocument>(courseProjection.evolve, [scheduled, reserved(1, 'b1'), reserved(2, 'b2'), released(3, 'b1'), reserved(4, 'b3')]);
    expect(doc!.spotsTaken).toBe(2);
  });

  it('keeps the waiting list in order, with the place held for whom and until when', () => {
    const joined = (revision: number, userId: string) => recorded(stream, revision, { type: 'WaitingListJoined', data: { courseId: 'c1', userId, joinedAt: `2026-11-21T10:0${revision}:00.000Z` } });
    const offer = { courseId: 'c1', offerId: 'o-u1', userId: 'u1', offeredAt: '2026-11-22T09:00:00.000Z', expiresAt: '2026-11-23T09:00:00.000Z' };
    const waiting = [scheduled, joined(1, 'u1'), joined(2, 'u2'), joined(3, 'u3')];
    const offered = fold<CourseDocument>(courseProjection.evolve, [...waiting, recorded(stream, 4, { type: 'SpotOffered', data: offer })]);
    expect(offered!.waitingList).toEqual([
      { userId: 'u1', joinedAt: '2026-11-21T10:01:00.000Z', offer: { offerId: 'o-u1', offeredAt: offer.offeredAt, expiresAt: offer.expiresAt } },
      { userId: 'u2', joinedAt: '2026-11-21T10:02:00.000Z', offer: null },
      { userId: 'u3', joinedAt: '2026-11-21T10:03:00.000Z', offer: null },
    ]);
    expect(offered!.waitingUserIds).toEqual(['u1', 'u2', 'u3']);
    const ended = fold<CourseDocument>(courseProjection.evolve, [
      ...waiting, recorded(stream, 4, { type: 'SpotOffered', data: offer }),
      recorded(stream, 5, { type: 'SpotOfferExpired', data: { courseId: 'c1', offerId: 'o-u1', userId: 'u1' } }),
      recorded(stream, 6, { type: 'WaitingListLeft', data: { courseId: 'c1', userId: 'u1', reason: 'offerExpired' } }),
      recorded(stream, 7, { type: 'WaitingListLeft', data: { courseId: 'c1', userId: 'u3', reason: 'left' } }),
    ]);
    expect(ended!.waitingList).toEqual([{ userId: 'u2', joinedAt: '2026-11-21T10:02:00.000Z', offer: null }]);
    expect(ended!.waitingUserIds).toEqual(['u2']);
  });

  it('marks a cancelled course', () => {
    const doc = fold<CourseDocument>(courseProjection.evolve, [scheduled, recorded(stream, 1, { type: 'CourseCancelled', data: { courseId: 'c1', reason: 'x' } })]);
    expect(doc!.cancelled).toBe(true);
  });

  it('touches only course streams', () => {
    expect(courseProjection.documentId(scheduled)).toBe('c1');
    expect(courseProjection.documentId(recorded('booking-b1', 0, { type: 'BookingPaymentStarted', data: { bookingId: 'b1', paymentId: 'p1' } }))).toBeNull();
  });

  it('follows a change of details, and searches by the new place', () => {
    const changed = recorded(stream, 1, { type: 'CourseDetailsChanged', data: { ...details, city: 'Marseille', postalCode: '13008', title: 'Marseille', price: 19_900, totalSpots: 12 } });
    const doc = fold<CourseDocument>(courseProjection.evolve, [scheduled, reserved(2, 'b1'), changed]);
    expect(doc).toMatchObject({ city: 'Marseille', price: 19_900, totalSpots: 12, spotsTaken: 1, location: { communeCode: '13208' } });
    expect(doc!.searchText).toContain('marseille');
  });

  it('says why and when a course was cancelled', () => {
    const doc = fold<CourseDocument>(courseProjection.evolve, [scheduled, recorded(stream, 1, { type: 'CourseCancelled', data: { courseId: 'c1', reason: 'deletedByCentre' } })]);
    expect(doc).toMatchObject({ cancelled: true, cancellationReason: 'deletedByCentre', cancelledAt: '2026-11-21T09:00:00.000Z', published: true });
  });

  describe('a course published with a batch', () => {
    const batchScheduled = recorded(stream, 0, { type: 'CourseScheduled', data: { ...details, batchId: 'b1' } });
    const batchPublished = recorded('courseBatch-b1', 2, { type: 'CourseBatchPublished', data: { batchId: 'b1', organizationId: 'o1', courseIds: ['c1', 'c2'], publishedAt: '2026-11-21T09:00:00.000Z' } });

    it('is not published until its whole batch is, and every course of the batch is then', () => {
      expect(fold<CourseDocument>(courseProjection.evolve, [batchScheduled])).toMatchObject({ published: false, batchId: 'b1' });
      expect(courseProjection.documentIds!(batchPublished)).toEqual(['c1', 'c2']);
      expect(fold<CourseDocument>(courseProjection.evolve, [batchScheduled, reserved(1, 'b1'), batchPublished])).toMatchObject({ published: true, spotsTaken: 1 });
    });

    it('keeps what happened to it before the batch was published', () => {
      const cancelled = recorded(stream, 1, { type: 'CourseCancelled', data: { courseId: 'c1', reason: 'organizationDeleted' } });
      expect(fold<CourseDocument>(courseProjection.evolve, [batchScheduled, cancelled, batchPublished])).toMatchObject({ published: true, cancelled: true });
    });

    it('creates no course out of a batch alone', () => {
      expect(fold<CourseDocument>(courseProjection.evolve, [batchPublished])).toBeNull();
    });
  });

  it('publishes a course recorded without a batch at once', () => {
    expect(fold<CourseDocument>(courseProjection.evolve, [scheduled])).toMatchObject({ published: true, batchId: null });
  });
});
