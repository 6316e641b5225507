import { describe, expect, it } from 'vitest';
import type { DomainEvent, RecordedDomainEvent } from '@recup/shared-events';
import { foldEvent } from '../rebuild';
import type { ProjectedDoc, Projection } from '../projection';
import { recorded } from '../testing/recorded';
import { recentBookingCount, type AdminStatsDocument } from './admin-stats-document';
import { adminStatsProjection } from './admin-stats-projection';

const placed = (n: number, placedAt: string): DomainEvent => ({
  type: 'BookingPlaced',
  data: { bookingId: `b${n}`, bookingReference: `RP-${n}`, courseId: 'c1', userId: 'u1', price: 20_000, currency: 'EUR', placedAt, holdExpiresAt: placedAt },
});
const succeeded = (n: number, amount: number): DomainEvent => ({
  type: 'PaymentSucceeded', data: { paymentId: `p${n}`, bookingId: `b${n}`, providerIntentId: `pi_${n}`, amount, cardBrand: 'visa', cardLast4: '4242', succeededAt: '2026-11-20T10:00:00.000Z' },
});

/** Folds events as the projector does (idempotency included), from their streams' revision 0. */
function project(events: Array<[string, DomainEvent]>, start: AdminStatsDocument | null = null): { doc: AdminStatsDocument | null; recorded: RecordedDomainEvent[] } {
  const revisions = new Map<string, number>();
  const all = events.map(([stream, event]) => {
    const revision = revisions.get(stream) ?? 0;
    revisions.set(stream, revision + 1);
    return recorded(stream, revision, event);
  });
  return { doc: replay(all, start), recorded: all };
}

function replay(events: RecordedDomainEvent[], start: AdminStatsDocument | null): AdminStatsDocument | null {
  let doc: ProjectedDoc | null = start;
  for (const event of events) {
    const id = adminStatsProjection.documentId(event);
    if (id === null) continue;
    const fold = foldEvent(adminStatsProjection as unknown as Projection, id, doc, event);
    if (fold.changed) doc = fold.next;
  }
  return doc as AdminStatsDocument | null;
}

describe('admin stats read model', () => {
  it('counts accounts, centres and courses, and keeps the unverified centres until approved', () => {
    const { doc } = project([
      ['user-u1', { type: 'UserRegistered', data: { userId: 'u1', email: 'a@x.test', passwordHash: 'h', role: 'USER', registeredAt: '2026-11-20T09:00:00.000Z', title: null, firstName: 'A', lastName: 'B', dateOfBirth: null, countryOfBirth: null, placeOfBirth: null, address: null, addressDetails: null, postalCode: null, city: null, country: null, phoneNumber: null, landlinePhone: null, licenseNumber: null, language: 'FR' } }],
      ['user-u2', { type: 'UserRegistered', data: { userId: 'u2', email: 'b@x.test', passwordHash: 'h', role: 'ADMIN', registeredAt: '2026-11-20T09:00:00.000Z', title: null, firstName: 'C', lastName: 'D', dateOfBirth: null, countryOfBirth: null, placeOfBirth: null, address: null, addressDetails: null, postalCode: null, city: null, country: null, phoneNumber: null, landlinePhone: null, licenseNumber: null, language: 'EN' } }],
      ['user-u1', { type: 'UserDeleted', data: { userId: 'u1', deletedAt: '2026-11-20T10:00:00.000Z' } }],
      ['organization-o1', { type: 'OrganizationRegistered', data: { organizationId: 'o1', ownerUserId: null, registeredAt: '2026-11-20T09:00:00.000Z', name: 'O1', address: 'a', city: 'c', postalCode: '13001', email: 'o@x.test', phoneNumber: '0400000000', website: null, description: null, descriptionEn: null, prefectApprovalReference: null } }],
      ['organization-o2', { type: 'OrganizationRegistered', data: { organizationId: 'o2', ownerUserId: null, registeredAt: '2026-11-20T09:00:00.000Z', name: 'O2', address: 'a', city: 'c', postalCode: '13001', email: 'o@x.test', phoneNumber: '0400000000', website: null, description: null, descriptionEn: null, prefectApprovalReference: null } }],
      ['organization-o1', { type: 'OrganizationVerified', data: { organizationId: 'o1', verifiedAt: '2026-11-20T09:30:00.000Z' } }],
    ]);
    expect(doc).toMatchObject({ users: 1, organizations: 2, unverifiedOrganizationIds: ['o2'] });
  });

  it('counts a batch’s courses once the batch is published, and forgets a deleted centre', () => {
    const course = (id: string, batchId?: string): DomainEvent => ({
      type: 'CourseScheduled',
      data: { courseId: id, organizationId: 'o1', title: 'Gap', titleEn: null, description: '', descriptionEn: null, address: 'a', city: 'Gap', postalCode: '05000', department: '05', startDate: '2026-12-04T07:00:00.000Z', endDate: '2026-12-05T16:00:00.000Z', price: 20_000, totalSpots: 12, antsNumber: null, ...(batchId ? { batchId } : {}) },
    });
    const registered = (id: string): DomainEvent => ({ type: 'OrganizationRegistered', data: { organizationId: id, ownerUserId: null, registeredAt: '2026-11-20T09:00:00.000Z', name: id, address: 'a', city: 'c', postalCode: '13001', email: 'o@x.test', phoneNumber: '0400000000', website: null, description: null, descriptionEn: null, prefectApprovalReference: null } });
    const { doc } = project([
      ['course-c1', course('c1')],
      ['course-c2', course('c2', 'batch1')],
      ['course-c3', course('c3', 'batch1')],
      ['course-c4', course('c4', 'batch2')],
      ['courseBatch-batch1', { type: 'CourseBatchPublished', data: { batchId: 'batch1', organizationId: 'o1', courseIds: ['c2', 'c3'], publishedAt: '2026-11-20T09:00:00.000Z' } }],
      ['organization-o1', registered('o1')],
      ['organization-o2', registered('o2')],
      ['organization-o1', { type: 'OrganizationVerified', data: { organizationId: 'o1', verifiedAt: '2026-11-20T09:00:00.000Z' } }],
      ['organization-o1', { type: 'OrganizationUnverified', data: { organizationId: 'o1', unverifiedAt: '2026-11-20T10:00:00.000Z' } }],
      ['organization-o2', { type: 'OrganizationDeleted', data: { organizationId: 'o2', deletedBy: 'a1', deletedAt: '2026-11-20T11:00:00.000Z' } }],
    ]);
    expect(doc).toMatchObject({ courses: 3, organizations: 1, unverifiedOrganizationIds: ['o1'] });
  });

  it('counts revenue from succeeded payments, less refunds, and the refunds still to carry out', () => {
    const { doc } = project([
      ['payment-p1', succeeded(1, 20_000)],
      ['payment-p2', succeeded(2, 25_000)],
      ['payment-p2', { type: 'PaymentRefundRequested', data: { paymentId: 'p2', bookingId: 'b2', amount: 25_000, reason: 'admin', requestedAt: '2026-11-20T11:00:00.000Z' } }],
      ['payment-p3', succeeded(3, 19_900)],
      ['payment-p3', { type: 'PaymentRefundRequested', data: { paymentId: 'p3', bookingId: 'b3', amount: 19_900, reason: 'admin', requestedAt: '2026-11-20T11:00:00.000Z' } }],
      ['payment-p3', { type: 'PaymentRefundFailed', data: { paymentId: 'p3', bookingId: 'b3', reason: 'provider down', failedAt: '2026-11-20T11:00:00.000Z' } }],
      ['payment-p2', { type: 'PaymentRefunded', data: { paymentId: 'p2', bookingId: 'b2', amount: 25_000, providerRefundId: 're_2', refundedAt: '2026-11-20T11:01:00.000Z' } }],
    ]);
    expect(doc).toMatchObject({ revenue: 39_900, payments: 2, refundsPending: 1 });
  });

  it('counts the money centres received for bookings they confirmed unpaid, and nothing for a confirmation alone', () => {
    const { doc } = project([
      ['payment-p1', succeeded(1, 20_000)],
      ['booking-b2', { type: 'BookingConfirmed', data: { bookingId: 'b2', by: 'centre', approvedBy: 'c1', confirmedAt: '2026-11-20T10:00:00.000Z' } }],
      ['booking-b3', { type: 'BookingConfirmed', data: { bookingId: 'b3', by: 'centre', approvedBy: 'c1', confirmedAt: '2026-11-20T10:00:00.000Z' } }],
      ['booking-b3', { type: 'BookingPaidAtCentre', data: { bookingId: 'b3', method: 'CHEQUE', receivedOn: '2026-11-21', amount: 22_900, recordedBy: 'c1', recordedAt: '2026-11-21T10:00:00.000Z' } }],
    ]);
    expect(doc).toMatchObject({ revenue: 20_000, payments: 1, revenueAtCentre: 22_900 });
  });

  it('counts bookings, remembers the latest first and forgets a deleted one', () => {
    const { doc } = project([
      ['booking-b1', placed(1, '2026-11-18T09:00:00.000Z')],
      ['booking-b2', placed(2, '2026-11-20T09:00:00.000Z')],
      ['booking-b3', placed(3, '2026-11-19T09:00:00.000Z')],
      ['booking-b2', { type: 'BookingDeleted', data: { bookingId: 'b2', deletedBy: 'a1', deletedAt: '2026-11-20T10:00:00.000Z' } }],
    ]);
    expect(doc?.bookings).toBe(2);
    expect(doc?.latestBookings.map((b) => b.bookingId)).toEqual(['b3', 'b1']);
  });

  it('keeps the 10 latest, newest first, whatever order they come in; one placed at the same instant comes first', () => {
    const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`;
    const days = [5, 12, 1, 20, 3, 15, 8, 11, 2, 19, 7, 14, 6, 13, 4];
    const { doc } = project([...days.map((day, n): [string, DomainEvent] => [`booking-b${n}`, placed(n, at(day))]), ['booking-b99', placed(99, at(14))]]);
    const newestFirst = [...days.keys()].sort((a, b) => days[b]! - days[a]!).slice(0, 10);
    expect(doc?.latestBookings.map((b) => b.placedAt)).toEqual([20, 19, 15, 14, 14, 13, 12, 11, 8, 7].map(at));
    expect(doc?.latestBookings.map((b) => b.bookingId)).toEqual([...newestFirst.slice(0, 3).map((n) => `b${n}`), 'b99', ...newestFirst.slice(3, 9).map((n) => `b${n}`)]);
    expect(doc?.bookings).toBe(16);
  });

  it('counts as recent the bookings placed in the last 7 Paris days, today included', () => {
    const { doc } = project([
      // 23:30 UTC on 13 November is already the 14th in Paris: the first of the 7 days up to the 20th.
      ['booking-b1', placed(1, '2026-11-13T22:30:00.000Z')],
      ['booking-b2', placed(2, '2026-11-13T23:30:00.000Z')],
      ['booking-b3', placed(3, '2026-11-20T08:00:00.000Z')],
    ]);
    expect(recentBookingCount(doc!, new Date('2026-11-20T12:00:00.000Z'))).toBe(2);
    expect(recentBookingCount(doc!, new Date('2026-11-21T12:00:00.000Z'))).toBe(1);
    expect(recentBookingCount(doc!, new Date('2026-11-28T12:00:00.000Z'))).toBe(0);
  });

  it('drops the days too old to be recent as bookings keep coming', () => {
    const { doc } = project([
      ['booking-b1', placed(1, '2026-10-01T09:00:00.000Z')],
      ['booking-b2', placed(2, '2026-11-20T09:00:00.000Z')],
    ]);
    expect(Object.keys(doc!.bookingsPlacedByDay)).toEqual(['2026-11-20']);
  });

  it('folds an event delivered twice once', () => {
    const { doc, recorded: events } = project([['payment-p1', succeeded(1, 20_000)], ['booking-b1', placed(1, '2026-11-20T09:00:00.000Z')]]);
    expect(replay(events, doc)).toEqual(doc);
    expect(doc?._revisions).toEqual({ _all: events.at(-1)!.position });
  });

  it('ignores the events it does not count', () => {
    expect(adminStatsProjection.documentId(recorded('booking-b1', 1, { type: 'BookingExpired', data: { bookingId: 'b1', expiredAt: '2026-11-20T09:00:00.000Z' } }))).toBeNull();
  });
});
