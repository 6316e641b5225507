import { describe, expect, it } from 'vitest';
import type { Booking } from '../api/booking-queries';
import { groupBookings } from './group-bookings';

const now = new Date('2030-06-15T12:00:00Z');

function booking(id: string, status: Booking['status'], startDate: string): Booking {
  return {
    id,
    bookingReference: `REF-${id}`,
    reference: `REF-${id}`,
    status,
    createdAt: '2030-01-01T00:00:00Z',
    price: 24_900,
    learnerCase: null,
    attendance: null,
    course: {
      id: `course-${id}`,
      title: 'Toulon',
      titleEn: 'Toulon',
      startDate,
      endDate: startDate,
      address: '1 rue de la Paix',
      postalCode: '83000',
      city: 'Toulon',
      organization: { name: 'Centre Var' },
    },
    user: { firstName: 'Marie', lastName: 'Curie', email: 'marie@example.fr', phoneNumber: null, licenseNumber: null },
    invoice: null,
    cancellation: { allowed: false, refundDue: false },
    payment: null,
    pointsEligibility: null,
    holdExpiresAt: null,
    ending: null,
    movedFrom: [],
    move: { allowed: false, lastDay: null, pending: null },
    paidAtCentre: null,
    dueAtCentre: false,
  };
}

describe('dashboard tabs', () => {
  it('puts a future course that is not cancelled under upcoming, the soonest first', () => {
    const later = booking('later', 'CONFIRMED', '2030-09-01T08:00:00Z');
    const sooner = booking('sooner', 'PENDING', '2030-07-01T08:00:00Z');
    const { upcoming, history } = groupBookings([later, sooner], now);
    expect(upcoming.map((b) => b.id)).toEqual(['sooner', 'later']);
    expect(history).toEqual([]);
  });

  it('puts a cancelled booking in the history even when its course is still to come', () => {
    const { upcoming, history } = groupBookings([booking('c', 'CANCELLED', '2030-09-01T08:00:00Z')], now);
    expect(upcoming).toEqual([]);
    expect(history.map((b) => b.id)).toEqual(['c']);
  });

  it('puts a course that has started or passed in the history, the latest first', () => {
    const old = booking('old', 'COMPLETED', '2029-01-10T08:00:00Z');
    const recent = booking('recent', 'CONFIRMED', '2030-06-15T08:00:00Z');
    const { upcoming, history } = groupBookings([old, recent], now);
    expect(upcoming).toEqual([]);
    expect(history.map((b) => b.id)).toEqual(['recent', 'old']);
  });
});
