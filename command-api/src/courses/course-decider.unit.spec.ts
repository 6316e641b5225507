import { describe, it } from 'vitest';
import type { CourseEvent, PostalCommune } from '@recup/shared-events';
import { specFor } from '../testing/given-when-then';
import { courseDecider, type ChangeCourseDetails, type PublishCourse, type ReserveSpot } from './course-decider';
import {
  AlreadyBooked, CancelledCourseCannotChange, CourseAlreadyExists, CourseAlreadyStarted, CourseCancelled, CourseNotFound, CourseWithdrawn, InvalidCourseSchedule, NoSpotsLeft,
  OrganizationNotVerified, SellerNotVerified, StartedCourseCannotChange,
} from './course-errors';
import {
  CityNotAtPostalCode, CourseAtNight, CourseDeclaredTooLate, CourseEndsBeforeStart, CourseFieldRequired, CourseNotOnTwoConsecutiveDays, CourseOnPublicHoliday, CourseOnSunday, InvalidCourseDate,
  InvalidDepartment, InvalidPostalCode, PostalCodeNotInDepartment, PriceTooLow, SpotsBelowTaken, TooFewSpots, TooManySpots,
} from './course-rule-errors';

const spec = specFor(courseDecider);
const now = new Date('2026-11-21T09:00:00.000Z');
const details = {
  title: 'Toulon', titleEn: null, description: 'Stage de sensibilisation à la sécurité routière', descriptionEn: null,
  address: '12 avenue de la République', city: 'Toulon', postalCode: '83000', department: '83' as const,
  startDate: '2026-12-05T07:00:00.000Z', endDate: '2026-12-06T16:00:00.000Z', price: 22_000, totalSpots: 2, antsNumber: null,
};
const scheduled: CourseEvent = { type: 'CourseScheduled', data: { courseId: 'c1', organizationId: 'o1', ...details } };
const reserved = (bookingId: string, userId: string): CourseEvent => ({ type: 'SpotReserved', data: { courseId: 'c1', bookingId, userId, reservedAt: now.toISOString() } });
const released = (bookingId: string, userId: string): CourseEvent => ({ type: 'SpotReleased', data: { courseId: 'c1', bookingId, userId, reason: 'cancelled' } });
const reserve = (bookingId: string, userId: string, at: Date = now, sellerVerified = true): ReserveSpot => ({ type: 'ReserveSpot', courseId: 'c1', bookingId, userId, sellerVerified, earlyStartRequested: true, now: at });

describe('course', () => {
  describe('when it does not exist', () => {
    it('is scheduled by a verified centre', () => {
      spec([]).when({ type: 'ScheduleCourse', courseId: 'c1', organizationId: 'o1', organizationVerified: true, details, now }).then([scheduled]);
    });
    it('is not scheduled by a centre not yet verified', () => {
      spec([]).when({ type: 'ScheduleCourse', courseId: 'c1', organizationId: 'o1', organizationVerified: false, details, now }).thenThrows(OrganizationNotVerified);
    });
    it('is not scheduled to end before it starts', () => {
      spec([]).when({ type: 'ScheduleCourse', courseId: 'c1', organizationId: 'o1', organizationVerified: true, details: { ...details, endDate: details.startDate }, now }).thenThrows(InvalidCourseSchedule);
    });
    it('is not scheduled in the past', () => {
      spec([]).when({ type: 'ScheduleCourse', courseId: 'c1', organizationId: 'o1', organizationVerified: true, details, now: new Date('2027-01-01T00:00:00Z') }).thenThrows(InvalidCourseSchedule);
    });
    it('cannot be booked', () => {
      spec([]).when(reserve('b1', 'u1')).thenThrows(CourseNotFound);
    });
  });

  describe('when it is scheduled with spots left', () => {
    it('reserves a spot for a booking', () => {
      spec([scheduled]).when(reserve('b1', 'u1')).then([reserved('b1', 'u1')]);
    });
    it('is not scheduled twice', () => {
      spec([scheduled]).when({ type: 'ScheduleCourse', courseId: 'c1', organizationId: 'o1', organizationVerified: true, details, now }).thenThrows(CourseAlreadyExists);
    });
    it('gives one active booking per learner ("already has a booking")', () => {
      spec([scheduled, reserved('b1', 'u1')]).when(reserve('b2', 'u1')).thenThrows(AlreadyBooked);
    });
    it('changes nothing when the same booking reserves again', () => {
      spec([scheduled, reserved('b1', 'u1')]).when(reserve('b1', 'u1')).thenNothingHappens();
    });
    it('lets a learner book again once the earlier spot was released', () => {
      spec([scheduled, reserved('b1', 'u1'), released('b1', 'u1')]).when(reserve('b2', 'u1')).then([reserved('b2', 'u1')]);
    });
  });

  describe('when its centre is not verified (its verification withdrawn)', () => {
    it('takes no booking: only a verified centre sells', () => {
      spec([scheduled]).when(reserve('b1', 'u1', now, false)).thenThrows(SellerNotVerified);
    });
    it('keeps the bookings already made: the same booking reserving again changes nothing', () => {
      spec([scheduled, reserved('b1', 'u1')]).when(reserve('b1', 'u1', now, false)).thenNothingHappens();
    });
  });

  describe('when it is full', () => {
    it('refuses a booking: no spots left', () => {
      spec([scheduled, reserved('b1', 'u1'), reserved('b2', 'u2')]).when(reserve('b3', 'u3')).thenThrows(NoSpotsLeft);
    });
    it('accepts a booking again once a spot is released', () => {
      spec([scheduled, reserved('b1', 'u1'), reserved('b2', 'u2'), released('b2', 'u2')]).when(reserve('b3', 'u3')).then([reserved('b3', 'u3')]);
    });
  });

  describe('when it is cancelled', () => {
    it('cannot be booked', () => {
      spec([scheduled, { type: 'CourseCancelled', data: { courseId: 'c1', reason: 'centre closed' } }]).when(reserve('b1', 'u1')).thenThrows(CourseCancelled);
    });
  });

  describe('when it has started or is past', () => {
    it('cannot be booked at its start', () => {
      spec([scheduled]).when(reserve('b1', 'u1', new Date(details.startDate))).thenThrows(CourseAlreadyStarted);
    });
    it('cannot be booked after it ended', () => {
      spec([scheduled]).when(reserve('b1', 'u1', new Date('2027-02-01T00:00:00Z'))).thenThrows(CourseAlreadyStarted);
    });
  });

  describe('releasing a spot', () => {
    it('frees the reservation of that booking', () => {
      spec([scheduled, reserved('b1', 'u1')]).when({ type: 'ReleaseSpot', courseId: 'c1', bookingId: 'b1', reason: 'cancelled' }).then([released('b1', 'u1')]);
    });
    it('changes nothing for a booking that holds no spot', () => {
      spec([scheduled, reserved('b1', 'u1'), released('b1', 'u1')]).when({ type: 'ReleaseSpot', courseId: 'c1', bookingId: 'b1', reason: 'cancelled' }).thenNothingHappens();
    });
  });
});

// ── Publishing, changing and cancelling (spec 001 §5 and the law, DOMAIN.md) ─────────────────────────────

/** Friday 4 and Saturday 5 December 2026, 08:00 to 17:00 in Paris: 13 days after `now`. */
const form = { ...details, startDate: '2026-12-04T07:00:00.000Z', endDate: '2026-12-05T16:00:00.000Z', totalSpots: 12 };
/** What the gazetteer answers for the postal codes these tests type. */
const COMMUNES: Record<string, PostalCommune[]> = {
  '83000': [{ name: 'Toulon', department: '83', otherNames: [] }],
  '83300': [{ name: 'Draguignan', department: '83', otherNames: [] }],
  '05110': [{ name: 'Claret', department: '04', otherNames: ['CLARET'] }, { name: 'La Saulce', department: '05', otherNames: ['LA SAULCE'] }],
};
const communesAt = (postalCode: string | null | undefined) => COMMUNES[postalCode ?? ''] ?? [];
const publish = (input: Partial<typeof form> = {}, by: 'centre' | 'admin' = 'centre'): PublishCourse => ({
  type: 'PublishCourse', courseId: 'c1', organizationId: 'o1', input: { ...form, ...input }, by, communes: communesAt({ ...form, ...input }.postalCode), now,
});
const published: CourseEvent = { type: 'CourseScheduled', data: { courseId: 'c1', organizationId: 'o1', ...form } };
const change = (input: Partial<typeof form>, at: Date = now, organizationVerified = true): ChangeCourseDetails => ({
  type: 'ChangeCourseDetails', courseId: 'c1', input: { ...form, ...input }, by: 'centre', organizationVerified, communes: communesAt({ ...form, ...input }.postalCode), now: at,
});
const cancelledEvent: CourseEvent = { type: 'CourseCancelled', data: { courseId: 'c1', reason: 'deletedByCentre' } };

describe('publishing a course', () => {
  it('schedules a legal course with every spot free', () => {
    spec([]).when(publish()).then([published]);
  });
  it('carries its batch, when published with others', () => {
    spec([]).when({ ...publish(), batchId: 'b1' }).then([{ type: 'CourseScheduled', data: { ...published.data, batchId: 'b1' } as never }]);
  });
  it('names each broken field rule of the form', () => {
    spec([]).when(publish({ title: '' })).thenThrows(CourseFieldRequired);
    spec([]).when(publish({ postalCode: '830' })).thenThrows(InvalidPostalCode);
    spec([]).when(publish({ department: '75' as never })).thenThrows(InvalidDepartment);
    spec([]).when(publish({ startDate: 'tomorrow' })).thenThrows(InvalidCourseDate);
    spec([]).when(publish({ price: 0 })).thenThrows(PriceTooLow);
    spec([]).when(publish({ totalSpots: 0 })).thenThrows(TooFewSpots);
  });
  it('takes place where its postal code is: one of its department’s, serving its city', () => {
    // "Toulon, 83, 75001": no commune of the Var has that postal code.
    spec([]).when(publish({ postalCode: '75001' })).thenThrows(PostalCodeNotInDepartment);
    spec([]).when(publish({ postalCode: '83300' })).thenThrows(CityNotAtPostalCode);
    spec([]).when(publish({ city: 'TOULON' })).then([{ type: 'CourseScheduled', data: { ...published.data, city: 'TOULON' } }]);
  });
  it('takes the department of the commune the city names when the administrator’s form names none', () => {
    // 05110 serves Claret, in the Alpes-de-Haute-Provence (04), as well as La Saulce (05).
    const claret = { title: 'Claret', city: 'Claret', postalCode: '05110', department: null as never };
    spec([]).when(publish(claret, 'admin')).then([{ type: 'CourseScheduled', data: { ...published.data, ...claret, department: '04' } }]);
    spec([]).when(publish({ ...claret, city: 'Gap' }, 'admin')).thenThrows(CityNotAtPostalCode);
  });
  it('takes a free course from an administrator only', () => {
    spec([]).when(publish({ price: 0 }, 'admin')).then([{ type: 'CourseScheduled', data: { ...published.data, price: 0 } }]);
  });
  it('holds at most 20 participants', () => {
    spec([]).when(publish({ totalSpots: 21 })).thenThrows(TooManySpots);
  });
  it('runs on two consecutive days, in the daytime, neither a Sunday nor a public holiday', () => {
    spec([]).when(publish({ endDate: form.startDate })).thenThrows(CourseEndsBeforeStart);
    spec([]).when(publish({ endDate: '2026-12-04T16:00:00.000Z' })).thenThrows(CourseNotOnTwoConsecutiveDays);
    spec([]).when(publish({ startDate: '2026-12-05T07:00:00.000Z', endDate: '2026-12-06T16:00:00.000Z' })).thenThrows(CourseOnSunday);
    spec([]).when(publish({ startDate: '2026-12-24T07:00:00.000Z', endDate: '2026-12-25T16:00:00.000Z' })).thenThrows(CourseOnPublicHoliday);
    spec([]).when(publish({ startDate: '2026-12-04T03:00:00.000Z' })).thenThrows(CourseAtNight);
  });
  it('is declared at least 10 days ahead', () => {
    spec([]).when(publish({ startDate: '2026-11-26T07:00:00.000Z', endDate: '2026-11-27T16:00:00.000Z' })).thenThrows(CourseDeclaredTooLate);
  });
  it('is not published twice, nor once withdrawn', () => {
    spec([published]).when(publish()).thenThrows(CourseAlreadyExists);
    spec([cancelledEvent]).when(publish()).thenThrows(CourseWithdrawn);
    spec([cancelledEvent]).when({ type: 'ScheduleCourse', courseId: 'c1', organizationId: 'o1', organizationVerified: true, details: form, now }).thenThrows(CourseWithdrawn);
  });
});

describe('changing a course', () => {
  it('records its details as they now stand', () => {
    spec([published]).when(change({ price: 19_000, title: 'Toulon centre' })).then([{ type: 'CourseDetailsChanged', data: { ...form, courseId: 'c1', price: 19_000, title: 'Toulon centre' } }]);
  });
  it('moves only to a real place: the city one of its postal code’s communes', () => {
    spec([published]).when(change({ city: 'Draguignan' })).thenThrows(CityNotAtPostalCode);
    spec([published]).when(change({ city: 'Draguignan', postalCode: '83300' })).then([{ type: 'CourseDetailsChanged', data: { ...form, courseId: 'c1', city: 'Draguignan', postalCode: '83300' } }]);
  });
  it('changes nothing when nothing changed', () => {
    spec([published]).when(change({})).thenNothingHappens();
  });
  it('never goes below the places already booked', () => {
    spec([published, reserved('b1', 'u1'), reserved('b2', 'u2')]).when(change({ totalSpots: 1 })).thenThrows(SpotsBelowTaken);
    spec([published, reserved('b1', 'u1'), reserved('b2', 'u2')]).when(change({ totalSpots: 2 })).then([{ type: 'CourseDetailsChanged', data: { ...form, courseId: 'c1', totalSpots: 2 } }]);
  });
  it('keeps a legal schedule when only the price changes, close to the start', () => {
    const soon = new Date('2026-12-01T09:00:00.000Z');
    spec([published]).when(change({ price: 18_000 }, soon)).then([{ type: 'CourseDetailsChanged', data: { ...form, courseId: 'c1', price: 18_000 } }]);
    spec([published]).when(change({ startDate: '2026-12-04T08:00:00.000Z' }, soon)).thenThrows(CourseDeclaredTooLate);
  });
  it('cannot change once cancelled, once started, or for a centre no longer verified', () => {
    spec([published, cancelledEvent]).when(change({ price: 1 })).thenThrows(CancelledCourseCannotChange);
    spec([published]).when(change({ price: 1 }, new Date(form.startDate))).thenThrows(StartedCourseCannotChange);
    spec([published]).when(change({ price: 1 }, now, false)).thenThrows(OrganizationNotVerified);
    spec([]).when(change({})).thenThrows(CourseNotFound);
  });
});

describe('cancelling a course', () => {
  const request = { type: 'CancelCourse' as const, courseId: 'c1', reason: 'deletedByCentre' as const, mode: 'request' as const, now };
  const resume = { ...request, mode: 'resume' as const, reason: 'organizationDeleted' as const };
  it('cancels a scheduled course', () => {
    spec([published, reserved('b1', 'u1')]).when(request).then([cancelledEvent]);
  });
  it('refuses to cancel one already cancelled, started or unknown (a person deleting it)', () => {
    spec([published, cancelledEvent]).when(request).thenThrows(CancelledCourseCannotChange);
    spec([published]).when({ ...request, now: new Date('2026-12-04T08:00:00.000Z') }).thenThrows(StartedCourseCannotChange);
    spec([]).when(request).thenThrows(CourseNotFound);
  });
  it('finishes quietly when resumed: nothing twice, a started course kept', () => {
    spec([published, cancelledEvent]).when(resume).thenNothingHappens();
    spec([published]).when({ ...resume, now: new Date('2026-12-04T08:00:00.000Z') }).thenNothingHappens();
  });
  it('withdraws for good a course announced but never scheduled', () => {
    spec([]).when(resume).then([{ type: 'CourseCancelled', data: { courseId: 'c1', reason: 'organizationDeleted' } }]);
    spec([cancelledEvent]).when(resume).thenNothingHappens();
  });
  it('takes no booking once cancelled', () => {
    spec([published, cancelledEvent]).when(reserve('b1', 'u1')).thenThrows(CourseCancelled);
  });
});
