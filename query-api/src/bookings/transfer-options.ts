import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gazetteer, haversineKm } from '@recup/infra/geo/gazetteer';
import { HttpProblem } from '@recup/infra/http/problem';
import { requireUser } from '@recup/infra/http/sessions';
import type { ReadStore } from '@recup/infra/read-store/port';
import { BOOKINGS_COLLECTION, type BookingDocument } from '@recup/projector/bookings/booking-document';
import { COURSES_COLLECTION, PUBLISHED_COURSES, type CourseDocument } from '@recup/projector/courses/course-document';
import { ORGANIZATIONS_COLLECTION, LIVE_ORGANIZATIONS, type OrganizationDocument } from '@recup/projector/organizations/organization-document';
import { PAYMENTS_COLLECTION, type PaymentDocument } from '@recup/projector/payments/payment-document';
import { DEFAULT_TRANSFER_CUTOFF_DAYS, moveMoney, priceAfterMove } from '@recup/shared-events/bookings/move-rules';
import { startsWithinWithdrawalPeriod } from '@recup/shared-events/bookings/withdrawal';
import { TransferOptionsDto, TransferOptionsQuery, type TransferOptionDto } from '../contracts/moves';
import { spotsLeftFor, toCourseDto } from '../courses/course-view';
import type { QueryApiDeps } from '../deps';
import { courseOrganizations, organizationOf, sellingOrganizationIds } from '../organization-names';
import { bookingMoveDto, bookingStatus, type BookingViewer } from './booking-view';
import { coursesTaken, pointsEligibilityDto } from './points-eligibility-view';

/** The dialog lists this many courses at most: the same department first, the nearest, the soonest. */
const MAX_TRANSFER_OPTIONS = 60;

const bookingNotFound = () => new HttpProblem(404, 'BOOKING_NOT_FOUND', { fr: 'Réservation introuvable.', en: 'Booking not found.' });
const roundKm = (km: number) => Math.round(km * 10) / 10;

/** The booking if the caller may move it: the learner's own, one of the centre's courses, any for an administrator (404 otherwise). */
async function visibleBooking(readStore: ReadStore, bookingId: string, user: { userId: string; role: string }) {
  const booking = await readStore.collection<BookingDocument>(BOOKINGS_COLLECTION).findOne({ _id: bookingId });
  if (!booking) throw bookingNotFound();
  const course = await readStore.collection<CourseDocument>(COURSES_COLLECTION).findOne({ _id: booking.courseId });
  if (!course) throw bookingNotFound();
  if (user.role === 'USER' && booking.userId !== user.userId) throw bookingNotFound();
  if (user.role === 'ORGANIZATION') {
    const centre = await readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).findOne({ ownerUserId: user.userId, ...LIVE_ORGANIZATIONS });
    if (!centre || centre._id !== course.organizationId) throw bookingNotFound();
  }
  return { booking, course };
}

/**
 * `GET /api/bookings/{id}/transfer-options`: where a booking may move (issue 19 §4), for its learner, the centre
 * that runs its course (among its own courses) or an administrator. Courses with a place left for its learner (none
 * held by an offer to someone in line) that have not started, of a verified centre, other than the one booked and
 * any the learner already holds a place on; a booking
 * to be paid at its centre only among that centre's courses. Each with its distance from the course booked, the
 * price the booking would then have, what happens to the money, the points warning at the new date, and whether
 * it needs the learner's express request (within the withdrawal period).
 */
export async function transferOptionRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/bookings/:id/transfer-options', {
    schema: { params: z.object({ id: z.uuid() }), querystring: TransferOptionsQuery, response: { 200: TransferOptionsDto } },
  }, async (request) => {
    const user = requireUser(request, ['USER', 'ORGANIZATION', 'ADMIN']);
    const { readStore } = deps;
    const now = deps.clock.now();
    const viewer: BookingViewer = user.role === 'ADMIN' ? 'admin' : user.role === 'ORGANIZATION' ? 'centre' : 'learner';
    const { booking, course } = await visibleBooking(readStore, request.params.id, user);

    const payment = booking.paymentId ? await readStore.collection<PaymentDocument>(PAYMENTS_COLLECTION).findOne({ _id: booking.paymentId }) : null;
    const paidOnline = payment?.status === 'SUCCEEDED';
    const status = bookingStatus(booking, course, now);
    const learnerBookings = await readStore.collection<BookingDocument>(BOOKINGS_COLLECTION).find({ userId: booking.userId });
    const held = new Set(learnerBookings.filter((b) => b.status === 'PENDING' || b.status === 'CONFIRMED').flatMap((b) => [b.courseId, ...(b.pendingMove ? [b.pendingMove.toCourseId] : [])]));

    // A centre moves among its own courses; a booking owed to its centre stays with that centre.
    const sellers = await sellingOrganizationIds(readStore);
    const allowed = viewer === 'centre' || !paidOnline ? sellers.filter((id) => id === course.organizationId) : sellers;
    const candidates = await readStore.collection<CourseDocument>(COURSES_COLLECTION).find(
      { ...PUBLISHED_COURSES, cancelled: false, startDate: { $gt: now.toISOString() }, organizationId: { $in: allowed }, ...(request.query.department ? { department: request.query.department } : {}) },
      { sort: { startDate: 1, _id: 1 } },
    );
    // A place left as the course's decider counts it for this learner: total − active reservations − offers held (and none promised to the line before them).
    const free = candidates.filter((c) => spotsLeftFor(c, now, booking.userId) > 0 && !held.has(c._id));
    const origin = course.location ?? gazetteer().locate(course.city, course.postalCode);
    const ranked = free
      .map((c) => ({ course: c, sameDepartment: c.department === course.department, distanceKm: origin && c.location ? roundKm(haversineKm(origin, c.location)) : null }))
      .sort((a, b) => Number(b.sameDepartment) - Number(a.sameDepartment) || (a.distanceKm ?? Number.MAX_VALUE) - (b.distanceKm ?? Number.MAX_VALUE) || a.course.startDate.localeCompare(b.course.startDate))
      .slice(0, MAX_TRANSFER_OPTIONS);

    // The points warning at each new date: against the learner's other courses, this booking's left out.
    const others = learnerBookings.filter((b) => b._id !== booking._id);
    const takenCourses = await readStore.collection<CourseDocument>(COURSES_COLLECTION).find({ _id: { $in: [...new Set(others.map((b) => b.courseId))] } });
    const coursesById = new Map([...takenCourses, ...ranked.map((r) => r.course)].map((c) => [c._id, c]));
    const taken = coursesTaken(others, coursesById, now);
    const organizations = await courseOrganizations(readStore, ranked.map((r) => r.course.organizationId));

    const options: TransferOptionDto[] = ranked.map(({ course: option, sameDepartment, distanceKm }) => {
      const priceAfter = priceAfterMove(viewer, booking.price, option.price);
      return {
        course: toCourseDto(option, organizationOf(organizations, option.organizationId), now, distanceKm, deps.refundCutoffHours),
        sameDepartment,
        priceAfter,
        money: moveMoney({ paidOnline, priceBefore: booking.price, priceAfter }),
        pointsEligibility: pointsEligibilityDto(option, taken, coursesById),
        earlyStartRequired: startsWithinWithdrawalPeriod(booking.createdAt, option.startDate),
      };
    });
    const move = bookingMoveDto(booking, status, course, now, viewer, deps.transferCutoffDays ?? DEFAULT_TRANSFER_CUTOFF_DAYS, coursesById);
    return {
      booking: {
        id: booking._id, reference: booking.bookingReference, price: booking.price, paidOnline,
        course: {
          id: course._id, title: course.title, titleEn: course.titleEn ?? course.title, city: course.city, startDate: course.startDate, endDate: course.endDate,
          department: course.department, postalCode: course.postalCode,
        },
        movable: move.allowed,
        lastDay: move.lastDay,
        learnerCase: booking.learnerCase ?? null,
      },
      options,
    };
  });
}
