import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '@recup/infra/http/problem';
import { requireUser } from '@recup/infra/http/sessions';
import type { Lang } from '@recup/infra/http/language';
import { BOOKINGS_COLLECTION, type BookingDocument } from '@recup/projector/bookings/booking-document';
import { COURSES_COLLECTION, type CourseDocument } from '@recup/projector/courses/course-document';
import { LIVE_ORGANIZATIONS, ORGANIZATIONS_COLLECTION, type OrganizationDocument } from '@recup/projector/organizations/organization-document';
import { PAYMENTS_COLLECTION, type PaymentDocument } from '@recup/projector/payments/payment-document';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import { DEFAULT_TRANSFER_CUTOFF_DAYS, freeMoveDeadline, learnerRefundDeadline } from '@recup/shared-events/bookings/booking-terms';
import { streams } from '@recup/shared-events/streams';
import type { QueryApiDeps } from '../deps';
import { bookingStatus } from './booking-view';
import { calendarSequence, renderBookingCalendar } from './booking-calendar';
import { renderConvocationPdf, type ConvocationRecord } from './convocation-pdf';

const Params = z.object({ id: z.string().min(1).max(64) });
/** The document's language: the learner's own when not given (a centre prints it for its trainee). */
const Query = z.object({ lang: z.enum(['fr', 'en']).optional() });

const bookingNotFound = () => new HttpProblem(404, 'BOOKING_NOT_FOUND', { fr: 'Réservation introuvable.', en: 'Booking not found.' });
const notConfirmed = () =>
  new HttpProblem(409, 'BOOKING_NOT_CONFIRMED', {
    fr: 'Cette réservation n’est pas encore confirmée : sa convocation sera disponible dès qu’elle sera payée ou confirmée par le centre.',
    en: 'This booking is not confirmed yet: its convocation will be available once it is paid or confirmed by the centre.',
  });
const cancelled = () =>
  new HttpProblem(409, 'BOOKING_CANCELLED', { fr: 'Cette réservation est annulée : elle n’a plus de convocation.', en: 'This booking is cancelled: it no longer has a convocation.' });


/**
 * A booking's documents before the course: its convocation (PDF) and its days as a calendar file (ICS). Each is
 * for the learner who booked, the centre that runs the course and the administrators; anyone else gets 404, as
 * if the booking did not exist. The convocation exists for a CONFIRMED (or COMPLETED) booking only: a PENDING one
 * answers 409 BOOKING_NOT_CONFIRMED, a cancelled or expired one 409 BOOKING_CANCELLED. The calendar file answers a
 * cancelled booking too, with its events cancelled, so that a calendar that had them removes them.
 */
export async function bookingDocumentRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { readStore } = deps;

  /** The booking, its course, learner and centre, if the caller may see them; 404 otherwise. */
  async function readable(request: FastifyRequest, bookingId: string) {
    const caller = requireUser(request);
    const booking = await readStore.collection<BookingDocument>(BOOKINGS_COLLECTION).findOne({ _id: bookingId });
    if (!booking) throw bookingNotFound();
    const course = await readStore.collection<CourseDocument>(COURSES_COLLECTION).findOne({ _id: booking.courseId });
    if (!course) throw bookingNotFound();
    if (caller.role === 'USER' && booking.userId !== caller.userId) throw bookingNotFound();
    if (caller.role === 'ORGANIZATION') {
      const own = await readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).findOne({ ownerUserId: caller.userId, ...LIVE_ORGANIZATIONS });
      if (own?._id !== course.organizationId) throw bookingNotFound();
    }
    const [learner, centre, payment] = await Promise.all([
      readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: booking.userId }),
      readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).findOne({ _id: course.organizationId }),
      booking.paymentId ? readStore.collection<PaymentDocument>(PAYMENTS_COLLECTION).findOne({ _id: booking.paymentId }) : Promise.resolve(null),
    ]);
    if (!learner || !centre) throw bookingNotFound();
    const query = request.query as z.infer<typeof Query>;
    const lang: Lang = query.lang ?? (learner.language === 'EN' ? 'en' : 'fr');
    return { booking, course, learner, centre, payment, lang, status: bookingStatus(booking, course, deps.clock.now()) };
  }

  api.get('/api/bookings/:id/convocation', { schema: { params: Params, querystring: Query } }, async (request, reply) => {
    const { booking, course, learner, centre, payment, lang, status } = await readable(request, request.params.id);
    if (status === 'PENDING') throw notConfirmed();
    if (status === 'CANCELLED') throw cancelled();
    const record: ConvocationRecord = {
      lang,
      issuedAt: deps.clock.now().toISOString(),
      bookingReference: booking.bookingReference,
      learner: { title: learner.title, firstName: learner.firstName, lastName: learner.lastName, dateOfBirth: learner.dateOfBirth, licenseNumber: learner.licenseNumber },
      learnerCase: booking.learnerCase ?? null,
      course: { title: course.title, address: course.address, postalCode: course.postalCode, city: course.city, startDate: course.startDate, endDate: course.endDate, antsNumber: course.antsNumber },
      centre: { name: centre.name, prefectApprovalReference: centre.prefectApprovalReference, phoneNumber: centre.phoneNumber, email: centre.email },
      terms: {
        moveUntil: freeMoveDeadline(course.startDate, deps.transferCutoffDays ?? DEFAULT_TRANSFER_CUTOFF_DAYS).toISOString(),
        // Money taken online comes back under the product's rule; a booking paid at the centre has nothing to refund online.
        refundUntil: payment?.status === 'SUCCEEDED' ? learnerRefundDeadline({ bookedAt: booking.createdAt, courseStartDate: course.startDate, refundCutoffHours: deps.refundCutoffHours ?? 72 }).toISOString() : null,
      },
    };
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="convocation-${booking.bookingReference}.pdf"`)
      .send(await renderConvocationPdf(record));
  });

  api.get('/api/bookings/:id/calendar.ics', { schema: { params: Params, querystring: Query } }, async (request, reply) => {
    const { booking, course, centre, lang, status } = await readable(request, request.params.id);
    if (status === 'PENDING') throw notConfirmed();
    const ics = renderBookingCalendar({
      lang,
      bookingId: booking._id,
      bookingReference: booking.bookingReference,
      sequence: calendarSequence(booking._revisions[streams.booking(booking._id)] ?? 0, course._revisions[streams.course(course._id)] ?? 0),
      cancelled: status === 'CANCELLED',
      stampedAt: deps.clock.now().toISOString(),
      learnerCase: booking.learnerCase?.case ?? null,
      course: { title: course.title, address: course.address, postalCode: course.postalCode, city: course.city, startDate: course.startDate, endDate: course.endDate, antsNumber: course.antsNumber },
      centre: { name: centre.name, phoneNumber: centre.phoneNumber, email: centre.email },
    });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${lang === 'fr' ? 'stage' : 'course'}-${booking.bookingReference}.ics"`)
      .send(ics);
  });
}
