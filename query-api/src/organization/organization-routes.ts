import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '@recup/infra/http/language';
import { requireUser } from '@recup/infra/http/sessions';
import type { CourseDocument } from '@recup/projector/courses/course-document';
import { PAYMENTS_COLLECTION, type PaymentDocument } from '@recup/projector/payments/payment-document';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import { CourseWaitingListEntryDto, OrganizationBookingDto, OrganizationBookingsQuery, OrganizationCourseDto, OrganizationDashboardDto, OrganizationDto } from '../contracts/organization';
import { positionsIn } from '../waiting-list/waiting-list-view';
import type { QueryApiDeps } from '../deps';
import { sendEtag } from '../stream-revision';
import { bookingStatus, toBookingDto } from '../bookings/booking-view';
import { learnerCaseShortLabel } from '../bookings/learner-case-text';
import { renderAttendanceSheetPdf } from './attendance-sheet-pdf';
import { centreLedger, revenueOf } from '../statements/statement-reads';
import { centreCourses, countParticipants, courseBookings, organizationCourseDto, organizationDto, ownCourse, ownOrganization } from './organization-reads';
import { participantsCsv, type Participant } from './participants-csv';

const CourseParams = z.object({ id: z.string().min(1).max(64) });
const UPCOMING_WINDOW_MS = 30 * 86_400_000;

/**
 * The training centre's reads (spec 001 §7): its record, its courses with who booked them, its bookings, a
 * course's participants as CSV and its attendance sheet as PDF, and its dashboard. A centre sees its own
 * only: another centre's course answers 404, as if it did not exist.
 */
export async function organizationRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { readStore } = deps;

  const centreOf = async (request: FastifyRequest) => ownOrganization(readStore, requireUser(request, ['ORGANIZATION']).userId);

  async function withUsersAndPayments<B extends { userId: string; paymentId: string | null }>(bookings: readonly B[], read = { users: true }) {
    const [users, payments] = await Promise.all([
      read.users ? readStore.collection<UserDocument>(USERS_COLLECTION).find({ _id: { $in: [...new Set(bookings.map((b) => b.userId))] } }) : Promise.resolve([]),
      readStore.collection<PaymentDocument>(PAYMENTS_COLLECTION).find({ _id: { $in: bookings.flatMap((b) => (b.paymentId ? [b.paymentId] : [])) } }),
    ]);
    return { usersById: new Map(users.map((u) => [u._id, u])), paymentsById: new Map(payments.map((p) => [p._id, p])) };
  }

  /** The centre's courses with their participants counted, soonest first (and the bookings counted). */
  async function coursesAndBookingsOf(organization: { _id: string; name: string }) {
    const courses = await centreCourses(readStore, organization._id);
    const coursesById = new Map(courses.map((c) => [c._id, c]));
    const now = deps.clock.now();
    const bookings = await courseBookings(readStore, courses.map((c) => c._id));
    const counts = countParticipants(bookings, coursesById, now);
    const dtos = courses.map((course) => organizationCourseDto(course, { id: organization._id, name: organization.name }, counts.get(course._id), now));
    return { courses: dtos, coursesById, bookings, now };
  }
  const coursesOf = async (organization: { _id: string; name: string }) => (await coursesAndBookingsOf(organization)).courses;

  /** The centre's record, with its stream revision as its ETag (and `revision`), which an edit of it sends back as If-Match. */
  const centreRecord = async (request: FastifyRequest, reply: FastifyReply) => {
    const dto = organizationDto(await centreOf(request));
    sendEtag(reply, dto.revision);
    return dto;
  };
  api.get('/api/organization', { schema: { response: { 200: OrganizationDto } } }, centreRecord);
  api.get('/api/organization/profile', { schema: { response: { 200: OrganizationDto } } }, centreRecord);

  api.get('/api/organization/courses', { schema: { response: { 200: z.array(OrganizationCourseDto) } } }, async (request) => coursesOf(await centreOf(request)));

  api.get('/api/organization/dashboard', { schema: { response: { 200: OrganizationDashboardDto } } }, async (request) => {
    const organization = await centreOf(request);
    const { courses, now } = await coursesAndBookingsOf(organization);
    const live = courses.filter((c) => c.status !== 'CANCELLED');
    const scheduled = courses.filter((c) => c.status === 'SCHEDULED');
    // The same figures as the centre's revenue and statements (issue 20 §6): money received counts, whatever became
    // of the course since (a refund takes it back out); the differences paid for moves are money received online too.
    const { totals } = revenueOf(await centreLedger(readStore, organization._id), now);
    const money = {
      receivedOnline: totals.paidOnline - totals.refunded, paidOnline: totals.paidOnline, refunded: totals.refunded,
      receivedAtCentre: totals.receivedAtCentre, dueAtCentre: totals.dueAtCentre,
    };
    return {
      scheduledCourses: scheduled.length,
      upcomingCourses: scheduled.filter((c) => Date.parse(c.startDate) - now.getTime() <= UPCOMING_WINDOW_MS).length,
      bookedSpots: live.reduce((sum, c) => sum + c.bookedSpots, 0),
      totalSpots: live.reduce((sum, c) => sum + c.totalSpots, 0),
      revenue: money.receivedOnline + money.receivedAtCentre,
      money,
      nextCourses: scheduled.slice(0, 3),
      shortOfParticipants: scheduled.filter((c) => c.shortOfParticipants),
    };
  });

  /** Bookings of the centre's courses, newest first; `courseId` narrows them to one (another centre's answers 404). */
  api.get('/api/organization/bookings', { schema: { querystring: OrganizationBookingsQuery, response: { 200: z.array(OrganizationBookingDto) } } }, async (request) => {
    const organization = await centreOf(request);
    const courses: CourseDocument[] = request.query.courseId ? [await ownCourse(readStore, organization._id, request.query.courseId)] : await centreCourses(readStore, organization._id);
    const coursesById = new Map(courses.map((c) => [c._id, c]));
    const bookings = await courseBookings(readStore, courses.map((c) => c._id));
    const { usersById, paymentsById } = await withUsersAndPayments(bookings);
    const now = deps.clock.now();
    return bookings.flatMap((booking) => {
      const course = coursesById.get(booking.courseId);
      const user = usersById.get(booking.userId);
      if (!course || !user) return [];
      const onlinePayment = booking.paymentId ? (paymentsById.get(booking.paymentId) ?? null) : null;
      const { payment, ...rest } = toBookingDto(booking, course, organization.name, user, onlinePayment, now, deps.refundCutoffHours, null, {
        viewer: 'centre', transferCutoffDays: deps.transferCutoffDays, courses: coursesById,
      });
      return [{
        ...rest,
        // The provider's ids stay with the learner and the administrators.
        payment: payment && { id: payment.id, bookingId: payment.bookingId, amount: payment.amount, currency: payment.currency, status: payment.status, createdAt: payment.createdAt },
        confirmedBy: booking.confirmedBy,
      }];
    });
  });

  /** Who waits for a place on one of the centre's courses, first in line first (their names only: they are not its customers yet). */
  api.get('/api/organization/courses/:id/waiting-list', { schema: { params: CourseParams, response: { 200: z.array(CourseWaitingListEntryDto) } } }, async (request) => {
    const organization = await centreOf(request);
    const course = await ownCourse(readStore, organization._id, request.params.id);
    const entries = positionsIn(course);
    const users = await readStore.collection<UserDocument>(USERS_COLLECTION).find({ _id: { $in: entries.map((e) => e.userId) } });
    const usersById = new Map(users.map((u) => [u._id, u]));
    return entries.flatMap((entry) => {
      const user = usersById.get(entry.userId);
      return user ? [{ firstName: user.firstName, lastName: user.lastName, joinedAt: entry.joinedAt, position: entry.position, offer: entry.offer && { offeredAt: entry.offer.offeredAt, expiresAt: entry.offer.expiresAt } }] : [];
    });
  });

  /** Who is booked on the course, not cancelled: the bookings, their learners and payments. */
  async function participantsOf(course: CourseDocument): Promise<Participant[]> {
    const bookings = await courseBookings(readStore, [course._id]);
    const { usersById, paymentsById } = await withUsersAndPayments(bookings);
    const now = deps.clock.now();
    return bookings.flatMap((booking) => {
      const user = usersById.get(booking.userId);
      const status = bookingStatus(booking, course, now);
      if (!user || status === 'CANCELLED') return [];
      return [{ booking, status, user, payment: booking.paymentId ? (paymentsById.get(booking.paymentId) ?? null) : null }];
    });
  }

  /** `participants.csv` (spec 001 §9), built here: UTF-8 with BOM, semicolons, CRLF, every field quoted. */
  api.get('/api/organization/courses/:id/export', { schema: { params: CourseParams } }, async (request, reply) => {
    const organization = await centreOf(request);
    const course = await ownCourse(readStore, organization._id, request.params.id);
    const csv = participantsCsv(await participantsOf(course), languageOf(request));
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="participants.csv"').send(csv);
  });

  /** The course's attendance sheet ("feuille d'émargement") for the prefecture: its confirmed participants, a cell per half-day. */
  api.get('/api/organization/courses/:id/attendance-sheet', { schema: { params: CourseParams } }, async (request, reply) => {
    const organization = await centreOf(request);
    const course = await ownCourse(readStore, organization._id, request.params.id);
    const expected = (await participantsOf(course))
      .filter((p) => p.status === 'CONFIRMED' || p.status === 'COMPLETED')
      .sort((a, b) => a.user.lastName.localeCompare(b.user.lastName, 'fr') || a.user.firstName.localeCompare(b.user.firstName, 'fr'));
    const lang = languageOf(request);
    const pdf = await renderAttendanceSheetPdf({
      lang,
      centre: { name: organization.name, address: organization.address, postalCode: organization.postalCode, city: organization.city, prefectApprovalReference: organization.prefectApprovalReference },
      course: { title: course.title, address: course.address, postalCode: course.postalCode, city: course.city, startDate: course.startDate, endDate: course.endDate, antsNumber: course.antsNumber },
      participants: expected.map(({ user, booking }) => ({
        lastName: user.lastName, firstName: user.firstName, dateOfBirth: user.dateOfBirth, licenseNumber: user.licenseNumber, bookingReference: booking.bookingReference,
        learnerCase: learnerCaseShortLabel(booking.learnerCase ?? null, lang), halfDays: booking.attendance?.halfDays ?? {},
      })),
      facilitators: course.facilitators ?? [],
    });
    const day = course.startDate.slice(0, 10);
    const name = lang === 'fr' ? `feuille-emargement-${day}.pdf` : `attendance-sheet-${day}.pdf`;
    return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${name}"`).send(pdf);
  });
}
