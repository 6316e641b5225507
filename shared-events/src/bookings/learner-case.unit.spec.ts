import { describe, expect, it } from 'vitest';
import { addMonths, endsInTime, givesPointsBack, learnerCaseNumber, letterDateProblem, probationCheck, probationDeadline } from './learner-case';

describe('months counted as the law counts them', () => {
  it('land on the same day of the month', () => {
    expect(addMonths('2027-01-15', 4)).toBe('2027-05-15');
    expect(addMonths('2026-09-30', 4)).toBe('2027-01-30');
  });

  it('land on the last day of a month that has no such day', () => {
    expect(addMonths('2026-10-31', 4)).toBe('2027-02-28');
    expect(addMonths('2027-10-31', 4)).toBe('2028-02-29'); // leap year
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2026-12-31', 4)).toBe('2027-04-30');
    expect(addMonths('2027-05-31', 4)).toBe('2027-09-30');
  });

  it('cross years and count backwards too', () => {
    expect(addMonths('2026-11-20', 4)).toBe('2027-03-20');
    expect(addMonths('2027-03-31', -1)).toBe('2027-02-28');
  });

  it('refuse what is not a day', () => {
    expect(() => addMonths('2027-1-5', 4)).toThrow(RangeError);
  });
});

describe('the four months of a 48N letter', () => {
  it('end four months after the day the letter was received, that day included', () => {
    expect(probationDeadline('2027-01-15')).toBe('2027-05-15');
    expect(probationDeadline('2026-10-31')).toBe('2027-02-28');
  });

  it('take a course whose last day is the deadline, not the day after', () => {
    expect(endsInTime('2027-01-15', '2027-05-15')).toBe(true);
    expect(endsInTime('2027-01-15', '2027-05-16')).toBe(false);
  });

  it('read the course’s end in Paris: 23:30 UTC on the deadline is already the next day there', () => {
    // 15 May 2027 is summer time (UTC+2): 21:59 UTC is still the 15th in Paris, 22:30 UTC the 16th.
    expect(endsInTime('2027-01-15', '2027-05-15T21:59:00.000Z')).toBe(true);
    expect(endsInTime('2027-01-15', '2027-05-15T22:30:00.000Z')).toBe(false);
    // In winter (UTC+1), 23:30 UTC on 28 February is 1 March in Paris.
    expect(endsInTime('2026-10-31', '2027-02-28T16:00:00.000Z')).toBe(true);
    expect(endsInTime('2026-10-31', '2027-02-28T23:30:00.000Z')).toBe(false);
  });

  it('say both at once before paying', () => {
    expect(probationCheck('2027-01-15', '2027-06-05T15:00:00.000Z')).toEqual({ deadline: '2027-05-15', endsInTime: false });
    expect(probationCheck('2027-03-01', '2027-06-05T15:00:00.000Z')).toEqual({ deadline: '2027-07-01', endsInTime: true });
  });
});

describe('the cases of the law', () => {
  it('are numbered 1 to 4 as centres number them', () => {
    expect(['VOLUNTARY', 'PROBATION_48N', 'COURT_ORDER', 'PENAL_SETTLEMENT'].map((c) => learnerCaseNumber(c as never))).toEqual([1, 2, 3, 4]);
  });

  it('give points back in cases 1 and 2 only', () => {
    expect(givesPointsBack('VOLUNTARY')).toBe(true);
    expect(givesPointsBack('PROBATION_48N')).toBe(true);
    expect(givesPointsBack('COURT_ORDER')).toBe(false);
    expect(givesPointsBack('PENAL_SETTLEMENT')).toBe(false);
  });

  it('ask the letter’s date for the 48N case only, never a day to come, and accept an old letter', () => {
    expect(letterDateProblem('PROBATION_48N', null, '2027-02-01')).toBe('REQUIRED');
    expect(letterDateProblem('PROBATION_48N', '2027-02-02', '2027-02-01')).toBe('IN_FUTURE');
    expect(letterDateProblem('PROBATION_48N', '2027-02-01', '2027-02-01')).toBeNull();
    expect(letterDateProblem('PROBATION_48N', '2025-02-01', '2027-02-01')).toBeNull();
    expect(letterDateProblem('VOLUNTARY', '2027-01-10', '2027-02-01')).toBe('NOT_EXPECTED');
    expect(letterDateProblem(null, '2027-01-10', '2027-02-01')).toBe('NOT_EXPECTED');
    expect(letterDateProblem('COURT_ORDER', null, '2027-02-01')).toBeNull();
  });
});
