import { gazetteer } from '@recup/infra/geo/gazetteer';
import { normalizePlaceName } from '@recup/infra/geo/normalize';
import { parisWeekday } from '@recup/infra/time/paris';
import type { Projection } from '../projection';
import { COURSES_COLLECTION, type CourseDocument, type CourseLocation } from './course-document';

export const courseProjection: Projection<CourseDocument> = {
  name: 'courses',
  // 2: courses carry the coordinates of their commune.
  version: 2,
  collection: COURSES_COLLECTION,
  indexes: [{ department: 1 }, { organizationId: 1 }, { startDate: 1 }, { 'location.communeCode': 1 }],
  documentId: (event) => (event.streamName.startsWith('course-') ? event.streamName.slice('course-'.length) : null),
  evolve(doc, event) {
    switch (event.type) {
      case 'CourseScheduled': {
        const { courseId, ...course } = event.data;
        return {
          _id: courseId,
          ...course,
          startWeekday: parisWeekday(new Date(course.startDate)),
          spotsTaken: 0,
          cancelled: false,
          searchText: normalizePlaceName(`${course.city} ${course.title} ${course.postalCode}`),
          location: locate(course.city, course.postalCode),
          scheduledAt: event.metadata.occurredAt,
        };
      }
      case 'CourseCancelled':
        return doc && { ...doc, cancelled: true };
      case 'SpotReserved':
        return doc && { ...doc, spotsTaken: doc.spotsTaken + 1 };
      case 'SpotReleased':
        return doc && { ...doc, spotsTaken: Math.max(0, doc.spotsTaken - 1) };
      default:
        return doc;
    }
  },
};

function locate(city: string, postalCode: string): CourseLocation | null {
  const commune = gazetteer().locate(city, postalCode);
  return commune && { communeCode: commune.code, lat: commune.lat, lon: commune.lon };
}
