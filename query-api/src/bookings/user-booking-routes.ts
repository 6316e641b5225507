import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '@recup/infra/http/sessions';
import { PAYMENTS_COLLECTION, type PaymentDocument } from '@recup/projector/payments/payment-document';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import { BookingDto } from '../contracts';
import type { QueryApiDeps } from '../deps';
import { organizationNames } from '../organization-names';
import { toBookingDto } from './booking-view';
import { coursesTaken, learnerBookings, pointsEligibilityDto } from './points-eligibility-view';

export async function userBookingRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The signed-in learner's own bookings, newest first, with their course, payment and whether each earns points. */
  api.get('/api/user/bookings', { schema: { response: { 200: z.array(BookingDto) } } }, async (request) => {
    const { userId } = requireUser(request);
    const { readStore } = deps;
    const { bookings, coursesById } = await learnerBookings(readStore, userId);
    const [payments, user] = await Promise.all([
      readStore.collection<PaymentDocument>(PAYMENTS_COLLECTION).find({ _id: { $in: bookings.flatMap((b) => (b.paymentId ? [b.paymentId] : [])) } }),
      readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: userId }),
    ]);
    const paymentsById = new Map(payments.map((p) => [p._id, p]));
    const names = await organizationNames(readStore, [...coursesById.values()].map((c) => c.organizationId));
    const now = deps.clock.now();
    const taken = coursesTaken(bookings, coursesById, now);
    return bookings.flatMap((booking) => {
      const course = coursesById.get(booking.courseId);
      if (!course || !user) return [];
      const payment = booking.paymentId ? (paymentsById.get(booking.paymentId) ?? null) : null;
      return [toBookingDto(booking, course, names.get(course.organizationId) ?? '', user, payment, now, deps.refundCutoffHours, pointsEligibilityDto(course, taken, coursesById), {
        viewer: 'learner', transferCutoffDays: deps.transferCutoffDays, courses: coursesById,
      })];
    });
  });
}
