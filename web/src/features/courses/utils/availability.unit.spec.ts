import { describe, expect, it } from 'vitest';
import { availabilityOf, isBookable } from './availability';

describe('availability badge', () => {
  it('says available above 5 spots left', () => {
    expect(availabilityOf(6)).toBe('available');
    expect(availabilityOf(20)).toBe('available');
  });

  it('says limited from 1 to 5 spots left', () => {
    expect(availabilityOf(5)).toBe('limited');
    expect(availabilityOf(1)).toBe('limited');
  });

  it('says full with no spot left', () => {
    expect(availabilityOf(0)).toBe('full');
    expect(availabilityOf(-1)).toBe('full');
  });
});

describe('booking a course', () => {
  it('is possible on a scheduled course with a spot left', () => {
    expect(isBookable({ spotsLeft: 1, status: 'SCHEDULED' })).toBe(true);
  });

  it('is not possible on a full course', () => {
    expect(isBookable({ spotsLeft: 0, status: 'SCHEDULED' })).toBe(false);
  });

  it('is not possible on a course that is no longer scheduled', () => {
    expect(isBookable({ spotsLeft: 10, status: 'CANCELLED' })).toBe(false);
    expect(isBookable({ spotsLeft: 10, status: 'IN_PROGRESS' })).toBe(false);
  });
});
