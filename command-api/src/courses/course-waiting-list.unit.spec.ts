import { describe, expect, it } from 'vitest';
import type { CourseEvent } from '@recup/shared-events';
import { specFor } from '../testing/given-when-then';
import { evolveCourse, initialCourseState, offerIdFor, positionOf, spotsLeft, type ExistingCourse } from './course';
import { courseDecider, type ChangeCourseDetails, type ReserveSpot } from './course-decider';
import {
  AlreadyBooked, AlreadyWaiting, CourseAlreadyStarted, CourseCancelled, CourseNotFound, NoSpotsLeft, NotOnWaitingList, SpotOfferLapsed, SpotsAvailable, WaitingListClosed,
} from './course-errors';
import { SpotsBelowTaken } from './course-rule-errors';

const spec = specFor(courseDecider);
const HOUR = 3_600_000;
const now = new Date('2026-11-21T09:00:00.000Z');
const later = (hours: number) => new Date(now.getTime() + hours * HOUR);
const details = {
  title: 'Toulon', titleEn: null, description: 'Stage', descriptionEn: null, address: '12 avenue de la République', city: 'Toulon', postalCode: '83000', department: '83' as const,
  startDate: '2026-12-05T07:00:00.000Z', endDate: '2026-12-06T16:00:00.000Z', price: 22_000, totalSpots: 2, antsNumber: null,
};
const start = Date.parse(details.startDate);

const scheduled: CourseEvent = { type: 'CourseScheduled', data: { courseId: 'c1', organizationId: 'o1', ...details } };
const reserved = (bookingId: string, userId: string, at = now): CourseEvent => ({ type: 'SpotReserved', data: { courseId: 'c1', bookingId, userId, reservedAt: at.toISOString() } });
const released = (bookingId: string, userId: string): CourseEvent => ({ type: 'SpotReleased', data: { courseId: 'c1', bookingId, userId, reason: 'cancelled' } });
const joinedAt = (userId: string) => new Date(now.getTime() + Number(userId.slice(1)) * 1000).toISOString();
const joined = (userId: string): CourseEvent => ({ type: 'WaitingListJoined', data: { courseId: 'c1', userId, joinedAt: joinedAt(userId) } });
const left = (userId: string, reason: 'left' | 'booked' | 'bookedElsewhere' | 'offerExpired' | 'courseCancelled' | 'accountDeleted'): CourseEvent => ({ type: 'WaitingListLeft', data: { courseId: 'c1', userId, reason } });
const offerId = (userId: string) => offerIdFor('c1', { userId, joinedAt: joinedAt(userId) });
const offered = (userId: string, at = now, expiresAt = new Date(at.getTime() + 24 * HOUR)): CourseEvent => ({
  type: 'SpotOffered', data: { courseId: 'c1', offerId: offerId(userId), userId, offeredAt: at.toISOString(), expiresAt: expiresAt.toISOString() },
});
const taken = (userId: string, bookingId: string): CourseEvent => ({ type: 'SpotOfferTaken', data: { courseId: 'c1', offerId: offerId(userId), userId, bookingId } });
const expired = (userId: string): CourseEvent => ({ type: 'SpotOfferExpired', data: { courseId: 'c1', offerId: offerId(userId), userId } });

const join = (userId: string, at = now, listed = true) => ({ type: 'JoinWaitingList' as const, courseId: 'c1', userId, listed, now: at });
const leave = (userId: string, reason: 'left' | 'bookedElsewhere' | 'accountDeleted' = 'left', joinedBefore?: string) => ({ type: 'LeaveWaitingList' as const, courseId: 'c1', userId, reason, joinedBefore });
const offerFreed = (at = now, offerHours = 24, sellerVerified = true) => ({ type: 'OfferFreedSpots' as const, courseId: 'c1', offerHours, sellerVerified, now: at });
const expire = (userId: string, at: Date) => ({ type: 'ExpireSpotOffer' as const, courseId: 'c1', offerId: offerId(userId), now: at });
const reserve = (bookingId: string, userId: string, at: Date = now): ReserveSpot => ({ type: 'ReserveSpot', courseId: 'c1', bookingId, userId, sellerVerified: true, earlyStartRequested: true, now: at });

const full = [scheduled, reserved('b1', 'u1'), reserved('b2', 'u2')];
const stateOf = (events: CourseEvent[]) => events.reduce(evolveCourse, initialCourseState()) as ExistingCourse;

describe('the waiting list', () => {
  describe('when the course is full', () => {
    it('takes a signed-in learner in line', () => {
      spec(full).when(join('u3')).then([{ type: 'WaitingListJoined', data: { courseId: 'c1', userId: 'u3', joinedAt: now.toISOString() } }]);
    });
    it('takes each learner once', () => {
      spec([...full, joined('u3')]).when(join('u3')).thenThrows(AlreadyWaiting);
    });
    it('does not take a learner who booked it: they have their place', () => {
      spec(full).when(join('u1')).thenThrows(AlreadyBooked);
    });
    it('counts places in line: 1 is next', () => {
      const state = stateOf([...full, joined('u3'), joined('u4'), joined('u5')]);
      expect([positionOf(state, 'u3'), positionOf(state, 'u4'), positionOf(state, 'u5'), positionOf(state, 'u1')]).toEqual([1, 2, 3, null]);
    });
    it('lets a learner leave the line; one not in line is told so', () => {
      spec([...full, joined('u3')]).when(leave('u3')).then([left('u3', 'left')]);
      spec(full).when(leave('u3')).thenThrows(NotOnWaitingList);
    });
    it('takes nobody off the line for a process when they are not in it (a booking elsewhere, a deleted account)', () => {
      spec(full).when(leave('u3', 'accountDeleted')).thenNothingHappens();
    });
    it('keeps a line joined after the learner booked another course (a wait for a better date), ends one joined before', () => {
      spec([...full, joined('u3')]).when(leave('u3', 'bookedElsewhere', new Date(Date.parse(joinedAt('u3')) - 1).toISOString())).thenNothingHappens();
      spec([...full, joined('u3')]).when(leave('u3', 'bookedElsewhere', later(1).toISOString())).then([left('u3', 'bookedElsewhere')]);
    });
    it('offers nothing while no place is free', () => {
      spec([...full, joined('u3')]).when(offerFreed()).thenNothingHappens();
    });
  });

  describe('when places are free', () => {
    it('sends the learner to book instead', () => {
      spec([scheduled, reserved('b1', 'u1')]).when(join('u3')).thenThrows(SpotsAvailable);
    });
  });

  describe('when the course may not take anyone in line', () => {
    it('answers a course never scheduled, or not public (its centre unverified, its batch unpublished), as not found', () => {
      spec([]).when(join('u3')).thenThrows(CourseNotFound);
      spec(full).when(join('u3', now, false)).thenThrows(CourseNotFound);
    });
    it('refuses a cancelled course and a course that has started', () => {
      spec([...full, { type: 'CourseCancelled', data: { courseId: 'c1', reason: 'deletedByCentre' } }]).when(join('u3')).thenThrows(CourseCancelled);
      spec(full).when(join('u3', new Date(start + HOUR))).thenThrows(CourseAlreadyStarted);
    });
    it('closes the line 49 hours before the start: no offer could be made any more', () => {
      spec(full).when(join('u3', new Date(start - 49 * HOUR))).then([{ type: 'WaitingListJoined', data: { courseId: 'c1', userId: 'u3', joinedAt: new Date(start - 49 * HOUR).toISOString() } }]);
      spec(full).when(join('u3', new Date(start - 49 * HOUR + 1))).thenThrows(WaitingListClosed);
    });
  });

  describe('when a place frees', () => {
    const waiting = [...full, joined('u3'), joined('u4'), joined('u5')];
    it('offers it to the first in line, for WAITLIST_OFFER_HOURS', () => {
      spec([...waiting, released('b1', 'u1')]).when(offerFreed()).then([offered('u3')]);
    });
    it('makes one offer per free place, exactly once: offering again changes nothing', () => {
      spec([...waiting, released('b1', 'u1'), offered('u3')]).when(offerFreed(later(1))).thenNothingHappens();
    });
    it('offers two places freed at once to the first two in line', () => {
      spec([...waiting, released('b1', 'u1'), released('b2', 'u2')]).when(offerFreed()).then([offered('u3'), offered('u4')]);
    });
    it('offers the places a centre adds to the first in line', () => {
      const more: CourseEvent = { type: 'CourseDetailsChanged', data: { courseId: 'c1', ...details, totalSpots: 4 } };
      spec([...waiting, more]).when(offerFreed()).then([offered('u3'), offered('u4')]);
    });
    it('holds an offered place: it counts as taken', () => {
      const state = stateOf([...waiting, released('b1', 'u1'), offered('u3')]);
      expect(spotsLeft(state)).toBe(0);
      expect(positionOf(state, 'u3')).toBeNull();
      expect(positionOf(state, 'u4')).toBe(1);
    });
    it('never holds a place past 48 hours before the start', () => {
      const at = new Date(start - 60 * HOUR);
      spec([...waiting, released('b1', 'u1')]).when(offerFreed(at)).then([offered('u3', at, new Date(start - 48 * HOUR))]);
    });
    it('offers nothing when less than an hour of offer could be left (49 hours before the start): the place goes on sale to everyone', () => {
      const at = new Date(start - 48.5 * HOUR);
      spec([...waiting, released('b1', 'u1')]).when(offerFreed(at)).thenNothingHappens();
      spec([...waiting, released('b1', 'u1')]).when(reserve('b9', 'u9', at)).then([reserved('b9', 'u9', at)]);
    });
    it('keeps a freed place for the line until it is offered: nobody else books it meanwhile', () => {
      spec([...waiting, released('b1', 'u1')]).when(reserve('b9', 'u9')).thenThrows(NoSpotsLeft);
    });
    it('lets the first in line book the place that is theirs before the offer is made', () => {
      spec([...waiting, released('b1', 'u1')]).when(reserve('b3', 'u3')).then([reserved('b3', 'u3'), left('u3', 'booked')]);
      spec([...waiting, released('b1', 'u1')]).when(reserve('b4', 'u4')).thenThrows(NoSpotsLeft);
    });
    it('offers nothing while the course’s centre is not verified: nobody could book the place', () => {
      spec([...waiting, released('b1', 'u1')]).when(offerFreed(now, 24, false)).thenNothingHappens();
    });
    it('offers nothing on a cancelled or started course', () => {
      spec([...waiting, released('b1', 'u1'), { type: 'CourseCancelled', data: { courseId: 'c1', reason: 'deletedByCentre' } }]).when(offerFreed()).thenNothingHappens();
      spec([...waiting, released('b1', 'u1')]).when(offerFreed(new Date(start + HOUR))).thenNothingHappens();
    });
  });

  describe('when a place is offered', () => {
    const offeredTo = [...full, joined('u3'), joined('u4'), released('b1', 'u1'), offered('u3')];
    it('nobody else may book it', () => {
      spec(offeredTo).when(reserve('b9', 'u9')).thenThrows(NoSpotsLeft);
      spec(offeredTo).when(reserve('b4', 'u4')).thenThrows(NoSpotsLeft);
    });
    it('the learner it is held for books it as any booking: the offer is taken and they leave the line', () => {
      spec(offeredTo).when(reserve('b3', 'u3', later(23))).then([reserved('b3', 'u3', later(23)), taken('u3', 'b3'), left('u3', 'booked')]);
    });
    it('once taken, the place is booked: the course is full again and the next waits', () => {
      const state = stateOf([...offeredTo, reserved('b3', 'u3'), taken('u3', 'b3'), left('u3', 'booked')]);
      expect(spotsLeft(state)).toBe(0);
      expect(positionOf(state, 'u4')).toBe(1);
      spec([...offeredTo, reserved('b3', 'u3'), taken('u3', 'b3'), left('u3', 'booked')]).when(offerFreed()).thenNothingHappens();
    });
    it('ends unused when its time is over: the learner leaves the line, and the place goes to the next', () => {
      spec(offeredTo).when(expire('u3', later(24))).then([expired('u3'), left('u3', 'offerExpired')]);
      spec([...offeredTo, expired('u3'), left('u3', 'offerExpired')]).when(offerFreed(later(24))).then([offered('u4', later(24))]);
    });
    it('does not end before its time, nor twice', () => {
      spec(offeredTo).when(expire('u3', later(23))).thenNothingHappens();
      spec([...offeredTo, expired('u3'), left('u3', 'offerExpired')]).when(expire('u3', later(25))).thenNothingHappens();
    });
    it('is not booked once its time is over, even before it is ended', () => {
      spec(offeredTo).when(reserve('b3', 'u3', later(24))).thenThrows(SpotOfferLapsed);
    });
    it('ends when its learner leaves the line: the place is free for the next', () => {
      const state = stateOf([...offeredTo, left('u3', 'left')]);
      expect(spotsLeft(state)).toBe(1);
      spec([...offeredTo, left('u3', 'left')]).when(offerFreed(later(1))).then([offered('u4', later(1))]);
    });
    it('keeps the place from being taken away by a smaller course: an offered place counts as taken', () => {
      const fewer: ChangeCourseDetails = {
        type: 'ChangeCourseDetails', courseId: 'c1', by: 'admin', organizationVerified: true, communes: [{ name: 'Toulon', department: '83', otherNames: [] }], now,
        input: { ...details, totalSpots: 1 },
      };
      spec(offeredTo).when(fewer).thenThrows(SpotsBelowTaken);
    });
  });

  describe('when the course is cancelled', () => {
    it('takes everyone off the line, ending the offers with them', () => {
      const line = [...full, joined('u3'), joined('u4'), released('b1', 'u1'), offered('u3')];
      spec(line).when({ type: 'CancelCourse', courseId: 'c1', reason: 'deletedByCentre', mode: 'request', now }).then([
        { type: 'CourseCancelled', data: { courseId: 'c1', reason: 'deletedByCentre' } },
        left('u3', 'courseCancelled'),
        left('u4', 'courseCancelled'),
      ]);
      const state = stateOf([...line, { type: 'CourseCancelled', data: { courseId: 'c1', reason: 'deletedByCentre' } }, left('u3', 'courseCancelled'), left('u4', 'courseCancelled')]);
      expect({ waiting: state.waiting, offers: state.offers }).toEqual({ waiting: [], offers: {} });
    });
  });
});
