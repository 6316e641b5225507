import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '@recup/infra/http/sessions';
import { COURSES_COLLECTION, type CourseDocument } from '@recup/projector/courses/course-document';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import { attendanceWindow } from '@recup/shared-events/courses/attendance';
import { courseSessions } from '@recup/shared-events/calendar/course-sessions';
import { CourseAttendanceDto } from '../contracts/attendance';
import type { QueryApiDeps } from '../deps';
import { bookingStatus } from '../bookings/booking-view';
import { attestationAvailable } from '../attestations/attestation-routes';
import { courseBookings, courseNotFound, ownCourse, ownOrganization } from './organization-reads';

const CourseParams = z.object({ id: z.string().min(1).max(64) });

/**
 * What is recorded of a course's attendance (issue 20 §1): the centre on its own courses (another centre's answers
 * 404), an administrator on any (the same routes record and correct: `PUT` on the command side).
 */
export async function attendanceRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { readStore } = deps;

  async function courseFor(request: FastifyRequest, courseId: string): Promise<CourseDocument> {
    const caller = requireUser(request, ['ORGANIZATION', 'ADMIN']);
    if (caller.role === 'ADMIN') {
      const course = await readStore.collection<CourseDocument>(COURSES_COLLECTION).findOne({ _id: courseId });
      if (!course) throw courseNotFound();
      return course;
    }
    const organization = await ownOrganization(readStore, caller.userId);
    return ownCourse(readStore, organization._id, courseId);
  }

  api.get('/api/organization/courses/:id/attendance', { schema: { params: CourseParams, response: { 200: CourseAttendanceDto } } }, async (request) => {
    const course = await courseFor(request, request.params.id);
    const now = deps.clock.now();
    const bookings = (await courseBookings(readStore, [course._id])).flatMap((booking) => {
      const status = bookingStatus(booking, course, now);
      return status === 'CONFIRMED' || status === 'COMPLETED' ? [{ booking, status }] : [];
    });
    const users = await readStore.collection<UserDocument>(USERS_COLLECTION).find({ _id: { $in: bookings.map((b) => b.booking.userId) } });
    const usersById = new Map(users.map((u) => [u._id, u]));
    const { opensAt, closesAt } = attendanceWindow(course);
    const participants = bookings.flatMap(({ booking, status }) => {
      const user = usersById.get(booking.userId);
      if (!user) return [];
      return [{
        bookingId: booking._id, bookingReference: booking.bookingReference, firstName: user.firstName, lastName: user.lastName, status,
        learnerCase: booking.learnerCase ?? null, attendance: booking.attendance ?? null,
        attestationAvailable: attestationAvailable(booking, course, now), attestationSentAt: booking.attestationSentAt ?? null,
      }];
    }).sort((a, b) => a.lastName.localeCompare(b.lastName, 'fr') || a.firstName.localeCompare(b.firstName, 'fr'));
    return {
      course: {
        id: course._id, title: course.title, titleEn: course.titleEn ?? course.title, startDate: course.startDate, endDate: course.endDate,
        address: course.address, postalCode: course.postalCode, city: course.city, antsNumber: course.antsNumber, cancelled: course.cancelled,
        halfDays: courseSessions(course.startDate, course.endDate).flatMap((session) => session.halfDays),
      },
      window: { opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString(), open: now >= opensAt && now < closesAt },
      facilitators: course.facilitators ?? [],
      participants,
    };
  });
}
