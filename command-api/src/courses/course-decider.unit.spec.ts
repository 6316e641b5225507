import { describe, it } from 'vitest';
import type { CourseEvent } from '@recup/shared-events';
import { specFor } from '../core/given-when-then';
import { courseDecider, type ReserveSpot } from './course-decider';
import { AlreadyBooked, CourseAlreadyExists, CourseAlreadyStarted, CourseCancelled, CourseNotFound, InvalidCourseSchedule, NoSpotsLeft, OrganizationNotVerified } from './course-errors';

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
const reserve = (bookingId: string, userId: string, at: Date = now): ReserveSpot => ({ type: 'ReserveSpot', courseId: 'c1', bookingId, userId, now: at });

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
