import { describe, expect, it } from 'vitest';
import { availabilityOf, courseAvailability, isBookable } from './availability';

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

describe('a course’s availability', () => {
  it('is its state once it is cancelled, started or finished, whatever spots it still counts', () => {
    expect(courseAvailability({ spotsLeft: 20, status: 'CANCELLED' })).toBe('cancelled');
    expect(courseAvailability({ spotsLeft: 20, status: 'IN_PROGRESS' })).toBe('started');
    expect(courseAvailability({ spotsLeft: 0, status: 'COMPLETED' })).toBe('finished');
  });

  it('is its spots while it is scheduled', () => {
    expect(courseAvailability({ spotsLeft: 20, status: 'SCHEDULED' })).toBe('available');
    expect(courseAvailability({ spotsLeft: 2, status: 'SCHEDULED' })).toBe('limited');
    expect(courseAvailability({ spotsLeft: 0, status: 'SCHEDULED' })).toBe('full');
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
    expect(isBookable({ spotsLeft: 10, status: 'COMPLETED' })).toBe(false);
  });
});
