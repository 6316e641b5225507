import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '@recup/infra/http/sessions';
import { BOOKINGS_COLLECTION, type BookingDocument } from '@recup/projector/bookings/booking-document';
import { COURSES_COLLECTION, type CourseDocument } from '@recup/projector/courses/course-document';
import { PAYMENTS_COLLECTION, type PaymentDocument } from '@recup/projector/payments/payment-document';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import { BookingDto } from '../contracts';
import type { QueryApiDeps } from '../deps';
import { organizationNames } from '../organization-names';
import { toBookingDto } from './booking-view';

export async function userBookingRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The signed-in learner's own bookings, newest first, with their course and payment. */
  api.get('/api/user/bookings', { schema: { response: { 200: z.array(BookingDto) } } }, async (request) => {
    const { userId } = requireUser(request);
    const { readStore } = deps;
    const bookings = await readStore.collection<BookingDocument>(BOOKINGS_COLLECTION).find({ userId }, { sort: { createdAt: -1 } });
    const [courses, payments, user] = await Promise.all([
      readStore.collection<CourseDocument>(COURSES_COLLECTION).find({ _id: { $in: [...new Set(bookings.map((b) => b.courseId))] } }),
      readStore.collection<PaymentDocument>(PAYMENTS_COLLECTION).find({ _id: { $in: bookings.flatMap((b) => (b.paymentId ? [b.paymentId] : [])) } }),
      readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: userId }),
    ]);
    const coursesById = new Map(courses.map((c) => [c._id, c]));
    const paymentsById = new Map(payments.map((p) => [p._id, p]));
    const names = await organizationNames(readStore, courses.map((c) => c.organizationId));
    const now = deps.clock.now();
    return bookings.flatMap((booking) => {
      const course = coursesById.get(booking.courseId);
      if (!course || !user) return [];
      return [toBookingDto(booking, course, names.get(course.organizationId) ?? '', user, booking.paymentId ? (paymentsById.get(booking.paymentId) ?? null) : null, now, deps.refundCutoffHours)];
    });
  });
}
