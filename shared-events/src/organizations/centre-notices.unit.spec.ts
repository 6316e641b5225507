import { describe, expect, it } from 'vitest';
import {
  approvalExpired, approvalExpiringSoon, approvalNoticeDueAt, daysUntilApprovalEnds, defaultApprovalExpiry, lowEnrolmentNoticeDueAt, lowEnrolmentRefusal,
} from './centre-notices';

describe('the approval’s life', () => {
  it('ends 5 years less a day after its grant', () => {
    expect(defaultApprovalExpiry('2024-03-15')).toBe('2029-03-14');
    expect(defaultApprovalExpiry('2021-01-01')).toBe('2025-12-31');
  });
  it('has ended the day after its last day, Paris time', () => {
    expect(approvalExpired('2026-11-21', new Date('2026-11-21T22:59:00.000Z'))).toBe(false);
    expect(approvalExpired('2026-11-21', new Date('2026-11-21T23:00:00.000Z'))).toBe(true);
    expect(approvalExpired(null, new Date('2040-01-01T00:00:00.000Z'))).toBe(false);
  });
  it('is listed to the administrators within 90 days of its end, and once ended', () => {
    const now = new Date('2026-11-27T10:00:00.000Z');
    expect(approvalExpiringSoon('2027-02-25', now)).toBe(true);
    expect(approvalExpiringSoon('2027-02-26', now)).toBe(false);
    expect(approvalExpiringSoon('2026-01-01', now)).toBe(true);
    expect(approvalExpiringSoon(null, now)).toBe(false);
    expect(daysUntilApprovalEnds('2027-02-25', now)).toBe(90);
    expect(daysUntilApprovalEnds('2026-11-26', now)).toBe(-1);
  });
  it('is noticed 60 days before, at 09:00 Paris', () => {
    expect(approvalNoticeDueAt('2027-02-28').toISOString()).toBe('2026-12-30T08:00:00.000Z');
    expect(approvalNoticeDueAt('2027-08-30').toISOString()).toBe('2027-07-01T07:00:00.000Z');
  });
});

describe('a course short of participants', () => {
  const start = '2026-12-14T08:00:00.000Z';
  it('is noticed 10 days before its first day, at 09:00 Paris', () => {
    expect(lowEnrolmentNoticeDueAt(start).toISOString()).toBe('2026-12-04T08:00:00.000Z');
  });
  it('is noticed below 6 confirmed participants, before it starts', () => {
    expect(lowEnrolmentRefusal({ courseStartDate: start, participants: 5, now: new Date('2026-12-04T07:59:00.000Z') })).toBe('NOT_DUE');
    expect(lowEnrolmentRefusal({ courseStartDate: start, participants: 5, now: new Date('2026-12-04T08:00:00.000Z') })).toBeNull();
    expect(lowEnrolmentRefusal({ courseStartDate: start, participants: 6, now: new Date('2026-12-04T08:00:00.000Z') })).toBe('ENOUGH_PARTICIPANTS');
    expect(lowEnrolmentRefusal({ courseStartDate: start, participants: 0, now: new Date(start) })).toBe('COURSE_STARTED');
  });
});
