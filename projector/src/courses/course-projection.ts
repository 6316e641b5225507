import { gazetteer } from '@recup/infra/geo/gazetteer';
import { normalizePlaceName } from '@recup/infra/geo/normalize';
import { parisWeekday } from '@recup/infra/time/paris';
import type { CourseDetails } from '@recup/shared-events';
import type { Projection } from '../projection';
import { COURSES_COLLECTION, type CourseDocument, type CourseLocation, type WaitingListEntry } from './course-document';

/** What a course's details make of its document: the details, and what is derived from them for search. */
function withDetails(details: CourseDetails) {
  return {
    ...details,
    startWeekday: parisWeekday(new Date(details.startDate)),
    searchText: normalizePlaceName(`${details.city} ${details.title} ${details.postalCode}`),
    location: locate(details.city, details.postalCode),
  };
}

export const courseProjection: Projection<CourseDocument> = {
  name: 'courses',
  // 2: courses carry the coordinates of their commune. 3: changed details, batches, why and when cancelled.
  // 4: the waiting list and the places held by offers.
  // 5: the facilitators named by the centre. 6: the prefecture's pack sent, and its reminders.
  version: 6,
  collection: COURSES_COLLECTION,
  indexes: [{ department: 1 }, { organizationId: 1 }, { startDate: 1 }, { 'location.communeCode': 1 }, { waitingUserIds: 1 }],
  documentId: (event) => (event.streamName.startsWith('course-') ? event.streamName.slice('course-'.length) : null),
  documentIds: (event) => (event.type === 'CourseBatchPublished' ? event.data.courseIds : null),
  evolve(doc, event) {
    switch (event.type) {
      case 'CourseScheduled': {
        const { courseId, organizationId, batchId, ...details } = event.data;
        return {
          _id: courseId,
          organizationId,
          ...withDetails(details),
          spotsTaken: 0,
          waitingList: [],
          waitingUserIds: [],
          cancelled: false,
          cancellationReason: null,
          cancelledAt: null,
          batchId: batchId ?? null,
          published: batchId === undefined,
          scheduledAt: event.metadata.occurredAt,
          facilitators: [],
          prefecturePackSent: null,
          prefecturePackReminders: [],
        };
      }
      case 'CourseDetailsChanged': {
        const { courseId: _courseId, ...details } = event.data;
        return doc && { ...doc, ...withDetails(details) };
      }
      case 'CourseBatchPublished':
        return doc && { ...doc, published: true };
      case 'CourseCancelled':
        return doc && { ...doc, cancelled: true, cancellationReason: event.data.reason, cancelledAt: event.metadata.occurredAt };
      case 'SpotReserved':
        return doc && { ...doc, spotsTaken: doc.spotsTaken + 1 };
      case 'SpotReleased':
        return doc && { ...doc, spotsTaken: Math.max(0, doc.spotsTaken - 1) };
      case 'WaitingListJoined':
        return doc && withWaitingList(doc, [...doc.waitingList, { userId: event.data.userId, joinedAt: event.data.joinedAt, offer: null }]);
      case 'WaitingListLeft':
        // Leaving ends any offer the learner held, with their place in line.
        return doc && withWaitingList(doc, doc.waitingList.filter((entry) => entry.userId !== event.data.userId));
      case 'SpotOffered': {
        const { offerId, userId, offeredAt, expiresAt } = event.data;
        return doc && withWaitingList(doc, doc.waitingList.map((entry) => (entry.userId === userId ? { ...entry, offer: { offerId, offeredAt, expiresAt } } : entry)));
      }
      case 'CourseFacilitatorsNamed':
        return doc && { ...doc, facilitators: event.data.facilitators };
      case 'CoursePrefecturePackSent':
        return doc && { ...doc, prefecturePackSent: { sentAt: event.data.sentAt, sentBy: event.data.sentBy } };
      case 'CoursePrefecturePackReminderSent':
        return doc && { ...doc, prefecturePackReminders: [...(doc.prefecturePackReminders ?? []), event.data.day] };
      case 'SpotOfferTaken':
      case 'SpotOfferExpired':
        return doc && withWaitingList(doc, doc.waitingList.map((entry) => (entry.offer?.offerId === event.data.offerId ? { ...entry, offer: null } : entry)));
      default:
        return doc;
    }
  },
};

function withWaitingList(doc: CourseDocument, waitingList: WaitingListEntry[]): CourseDocument {
  return { ...doc, waitingList, waitingUserIds: waitingList.map((entry) => entry.userId) };
}

function locate(city: string, postalCode: string): CourseLocation | null {
  const commune = gazetteer().locate(city, postalCode);
  return commune && { communeCode: commune.code, lat: commune.lat, lon: commune.lon };
}
