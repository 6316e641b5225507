import { describe, expect, it } from 'vitest';
import { aBooking } from '../../../testing/fixtures';
import type { CentreBooking } from '../api/booking-queries';
import { paymentKey } from './booking-payment';
import { courseOptionLabel } from './course-option';

const centreBooking = (overrides: Partial<CentreBooking> = {}): CentreBooking => ({ ...aBooking(), confirmedBy: null, paidAtCentre: null, dueAtCentre: false, ...overrides });

describe('how a centre’s booking is paid', () => {
  it('is to be paid at the centre when the centre confirmed it unpaid, not paid', () => {
    expect(paymentKey(centreBooking({ confirmedBy: 'centre', dueAtCentre: true }))).toBe('DUE_CENTRE');
  });
  it('is paid at the centre once the centre recorded the money, even after a failed online attempt', () => {
    const failed = { id: 'p1', bookingId: 'b1', amount: 24_900, currency: 'EUR', status: 'FAILED' as const, createdAt: '2099-01-01T00:00:00.000Z', stripePaymentIntentId: 'pi_1' };
    expect(paymentKey(centreBooking({ confirmedBy: 'centre', payment: failed, paidAtCentre: { method: 'CASH', receivedOn: '2099-01-02', amount: 24_900 } }))).toBe('CENTRE');
    expect(paymentKey(centreBooking({ confirmedBy: 'centre', payment: failed, dueAtCentre: true }))).toBe('DUE_CENTRE');
  });
  it('is what the online payment says otherwise, or nothing', () => {
    expect(paymentKey(centreBooking({ payment: { id: 'p1', bookingId: 'b1', amount: 1, currency: 'EUR', status: 'SUCCEEDED', createdAt: '' } }))).toBe('SUCCEEDED');
    expect(paymentKey(centreBooking({ status: 'PENDING' }))).toBe('NONE');
  });
});

describe('a course in the bookings’ selector', () => {
  const course = { title: 'Toulon', startDate: '2026-12-16T07:00:00.000Z', antsNumber: 'R2308300123' };
  it('names its day with its weekday, start time and ANTS number', () => {
    expect(courseOptionLabel(course, 'fr', 'ANTS')).toBe('Toulon — mer. 16/12/2026 8h00 · ANTS R2308300123');
    expect(courseOptionLabel({ ...course, startDate: '2026-12-16T12:30:00.000Z' }, 'en', 'ANTS').replace(/\s/g, ' ')).toBe('Toulon — Wed, 12/16/2026 1:30 PM · ANTS R2308300123');
  });
  it('leaves the number out when the course has none', () => {
    expect(courseOptionLabel({ ...course, antsNumber: null }, 'fr', 'ANTS')).toBe('Toulon — mer. 16/12/2026 8h00');
  });
});
