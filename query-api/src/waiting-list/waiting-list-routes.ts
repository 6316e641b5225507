import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '@recup/infra/http/sessions';
import { COURSES_COLLECTION, PUBLISHED_COURSES, type CourseDocument } from '@recup/projector/courses/course-document';
import { waitingListOpen } from '@recup/shared-events';
import { WaitingListEntryDto } from '../contracts';
import { courseStatus, spotsLeftOf } from '../courses/course-view';
import type { QueryApiDeps } from '../deps';
import { positionsIn } from './waiting-list-view';

/** The waiting lists as the learner sees them (issue 19 §5). */
export async function waitingListRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The signed-in learner's places in line, soonest course first, with their position and any place held for
   * them; a course that has started (or was cancelled, which ends its line) is left out.
   */
  api.get('/api/user/waiting-list', { schema: { response: { 200: z.array(WaitingListEntryDto) } } }, async (request) => {
    const { userId } = requireUser(request, ['USER']);
    const now = deps.clock.now();
    // The index of who waits narrows the courses to the learner's own.
    const courses = await deps.readStore.collection<CourseDocument>(COURSES_COLLECTION).find({ waitingUserIds: userId, ...PUBLISHED_COURSES }, { sort: { startDate: 1, _id: 1 } });
    return courses.flatMap((course) => {
      const status = courseStatus(course, now);
      const entry = positionsIn(course).find((e) => e.userId === userId);
      if (!entry || status !== 'SCHEDULED') return [];
      return [{
        course: {
          id: course._id, title: course.title, titleEn: course.titleEn ?? course.title, startDate: course.startDate, endDate: course.endDate,
          city: course.city, postalCode: course.postalCode, status, spotsLeft: spotsLeftOf(course, now),
        },
        joinedAt: entry.joinedAt,
        position: entry.position,
        offer: entry.offer && { offeredAt: entry.offer.offeredAt, expiresAt: entry.offer.expiresAt },
        offersClosed: !waitingListOpen(now, course.startDate),
      }];
    });
  });
}
