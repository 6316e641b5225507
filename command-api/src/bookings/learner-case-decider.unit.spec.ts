import { describe, it } from 'vitest';
import type { BookingEvent } from '@recup/shared-events';
import { specFor } from '../testing/given-when-then';
import { bookingDecider, type DeclareLearnerCase, type PlaceBooking } from './booking-decider';
import { BookingNotFound, LearnerCaseBookingClosed, LearnerCaseCourseStarted, LetterDateInFuture, LetterDateNotExpected, LetterDateRequired } from './booking-errors';

const spec = specFor(bookingDecider);
const now = new Date('2026-11-21T09:00:00.000Z');
const courseStart = '2026-12-05T07:00:00.000Z';

const place: PlaceBooking = { type: 'PlaceBooking', bookingId: 'b1', bookingReference: 'RP-ABC234', courseId: 'c1', userId: 'u1', price: 22_000, holdMinutes: 30, now };
const placed: BookingEvent = {
  type: 'BookingPlaced',
  data: { bookingId: 'b1', bookingReference: 'RP-ABC234', courseId: 'c1', userId: 'u1', price: 22_000, currency: 'EUR', placedAt: now.toISOString(), holdExpiresAt: '2026-11-21T09:30:00.000Z' },
};
const paid: BookingEvent = { type: 'BookingConfirmed', data: { bookingId: 'b1', by: 'payment', paymentId: 'p1', confirmedAt: now.toISOString() } };
const declared = (learnerCase: DeclareLearnerCase['learnerCase'], letterReceivedOn: string | null = null, when = now): BookingEvent => ({
  type: 'BookingCaseDeclared',
  data: { bookingId: 'b1', learnerCase, letterReceivedOn, declaredBy: 'u1', declaredAt: when.toISOString() },
});
const declare = (overrides: Partial<DeclareLearnerCase> = {}): DeclareLearnerCase => ({
  type: 'DeclareLearnerCase', bookingId: 'b1', learnerCase: 'VOLUNTARY', letterReceivedOn: null, declaredBy: 'u1', courseStartDate: courseStart, now, ...overrides,
});

describe('the learner’s case', () => {
  describe('said at booking', () => {
    it('is recorded with the booking, in the same step', () =>
      spec([]).when({ ...place, learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-10-02' }).then([placed, declared('PROBATION_48N', '2026-10-02')]));
    it('may be left for later: the booking alone is placed', () => spec([]).when(place).then([placed]));
    it('needs the letter’s day for the 48N case', () => spec([]).when({ ...place, learnerCase: 'PROBATION_48N' }).thenThrows(LetterDateRequired));
    it('takes no letter’s day without a case', () => spec([]).when({ ...place, letterReceivedOn: '2026-10-02' }).thenThrows(LetterDateNotExpected));
  });

  describe('declared on a booking waiting for its payment', () => {
    it('is recorded, by the booking’s learner', () => spec([placed]).when(declare()).then([declared('VOLUNTARY')]));
    it('records the day the 48N letter was received', () =>
      spec([placed]).when(declare({ learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-11-02' })).then([declared('PROBATION_48N', '2026-11-02')]));
    it('takes a letter older than four months: the learner is warned, not refused (only the fine’s refund is at stake)', () =>
      spec([placed]).when(declare({ learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-03-02' })).then([declared('PROBATION_48N', '2026-03-02')]));
    it('takes a letter received today, in Paris', () =>
      spec([placed]).when(declare({ learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-11-21' })).then([declared('PROBATION_48N', '2026-11-21')]));
    it('refuses a letter received on a day to come, in Paris', () =>
      spec([placed]).when(declare({ learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-11-22' })).thenThrows(LetterDateInFuture));
    it('refuses the 48N case without the letter’s day', () => spec([placed]).when(declare({ learnerCase: 'PROBATION_48N' })).thenThrows(LetterDateRequired));
    it('refuses a letter’s day with another case', () =>
      spec([placed]).when(declare({ learnerCase: 'COURT_ORDER', letterReceivedOn: '2026-11-02' })).thenThrows(LetterDateNotExpected));
    it('is declared by the booking’s learner only: for anyone else the booking does not exist', () =>
      spec([placed]).when(declare({ declaredBy: 'u2' })).thenThrows(BookingNotFound));
    it('needs a booking', () => spec([]).when(declare()).thenThrows(BookingNotFound));
  });

  describe('changed', () => {
    it('replaces the case said before', () => spec([placed, declared('VOLUNTARY')]).when(declare({ learnerCase: 'PENAL_SETTLEMENT' })).then([declared('PENAL_SETTLEMENT')]));
    it('replaces the letter’s day of the 48N case', () =>
      spec([placed, declared('PROBATION_48N', '2026-11-02')]).when(declare({ learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-11-03' })).then([declared('PROBATION_48N', '2026-11-03')]));
    it('changes nothing when the same is said again', () =>
      spec([placed, declared('PROBATION_48N', '2026-11-02')]).when(declare({ learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-11-02' })).thenNothingHappens());
    it('is still possible once the booking is paid, until the course starts (a 48N letter may come after booking)', () =>
      spec([placed, paid, declared('VOLUNTARY')]).when(declare({ learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-11-20' })).then([declared('PROBATION_48N', '2026-11-20')]));
  });

  describe('once the course has started', () => {
    const started = new Date(courseStart);
    it('is no longer declared', () => spec([placed, paid]).when(declare({ now: started })).thenThrows(LearnerCaseCourseStarted));
    it('is no longer changed', () => spec([placed, paid, declared('VOLUNTARY')]).when(declare({ learnerCase: 'COURT_ORDER', now: started })).thenThrows(LearnerCaseCourseStarted));
  });

  describe('on a booking that ended', () => {
    it('is refused once cancelled', () =>
      spec([placed, paid, { type: 'BookingCancelled', data: { bookingId: 'b1', by: 'learner', cancelledBy: 'u1', refundDue: true, cancelledAt: now.toISOString() } }])
        .when(declare()).thenThrows(LearnerCaseBookingClosed));
    it('is refused once expired', () =>
      spec([placed, { type: 'BookingExpired', data: { bookingId: 'b1', expiredAt: '2026-11-21T09:31:00.000Z' } }]).when(declare()).thenThrows(LearnerCaseBookingClosed));
    it('is refused once deleted', () =>
      spec([placed, { type: 'BookingDeleted', data: { bookingId: 'b1', deletedBy: 'admin', deletedAt: now.toISOString() } }]).when(declare()).thenThrows(LearnerCaseBookingClosed));
  });
});
