import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '@recup/infra/http/problem';
import { requireUser } from '@recup/infra/http/sessions';
import { BOOKINGS_COLLECTION, type BookingDocument } from '@recup/projector/bookings/booking-document';
import { COURSES_COLLECTION, type CourseDocument } from '@recup/projector/courses/course-document';
import { LIVE_ORGANIZATIONS, ORGANIZATIONS_COLLECTION, type OrganizationDocument } from '@recup/projector/organizations/organization-document';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import type { QueryApiDeps } from '../deps';
import { bookingStatus } from '../bookings/booking-view';
import { renderAttestationPdf } from './attestation-pdf';

const Params = z.object({ id: z.string().min(1).max(64) });
const Query = z.object({ lang: z.enum(['fr', 'en']).optional() });
const notFound = () => new HttpProblem(404, 'ATTESTATION_NOT_FOUND', {
  fr: 'Aucune attestation pour cette réservation : elle existe une fois le stage terminé et suivi en entier.',
  en: 'No attestation for this booking: it exists once the course has ended and was attended in full.',
});

/** An attestation exists once the course has ended, for a learner recorded present at its four half-days. */
export function attestationAvailable(booking: Pick<BookingDocument, 'status' | 'attendance'>, course: Pick<CourseDocument, 'endDate' | 'cancelled'>, now: Date): boolean {
  return !course.cancelled && bookingStatus(booking, course, now) === 'COMPLETED' && booking.attendance?.outcome === 'COMPLETED';
}

/**
 * `GET /api/bookings/{id}/attestation` (issue 20 §2): the PDF of a completed course's attestation, for its learner,
 * the centre that ran the course and administrators; 404 for anyone else, and before the course is completed.
 */
export async function attestationRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { readStore } = deps;

  api.get('/api/bookings/:id/attestation', { schema: { params: Params, querystring: Query } }, async (request, reply) => {
    const caller = requireUser(request);
    const booking = await readStore.collection<BookingDocument>(BOOKINGS_COLLECTION).findOne({ _id: request.params.id });
    if (!booking) throw notFound();
    const course = await readStore.collection<CourseDocument>(COURSES_COLLECTION).findOne({ _id: booking.courseId });
    if (!course) throw notFound();
    if (caller.role === 'USER' && booking.userId !== caller.userId) throw notFound();
    if (caller.role === 'ORGANIZATION') {
      const own = await readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).findOne({ ownerUserId: caller.userId, ...LIVE_ORGANIZATIONS });
      if (own?._id !== course.organizationId) throw notFound();
    }
    if (!attestationAvailable(booking, course, deps.clock.now())) throw notFound();
    const [learner, centre] = await Promise.all([
      readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: booking.userId }),
      readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).findOne({ _id: course.organizationId }),
    ]);
    if (!learner || !centre) throw notFound();
    const lang = request.query.lang ?? (learner.language === 'EN' ? 'en' : 'fr');
    const pdf = await renderAttestationPdf({
      lang,
      // Dated the day it became due (the course's end), whenever it is downloaded: the same document every time.
      issuedAt: booking.attestationSentAt ?? course.endDate,
      bookingReference: booking.bookingReference,
      centre: { name: centre.name, address: centre.address, postalCode: centre.postalCode, city: centre.city, prefectApprovalReference: centre.prefectApprovalReference },
      course: { antsNumber: course.antsNumber, startDate: course.startDate, endDate: course.endDate, address: course.address, postalCode: course.postalCode, city: course.city },
      learner: { title: learner.title, firstName: learner.firstName, lastName: learner.lastName, dateOfBirth: learner.dateOfBirth, placeOfBirth: learner.placeOfBirth, licenseNumber: learner.licenseNumber },
      facilitators: course.facilitators ?? [],
      probation48N: booking.learnerCase?.case === 'PROBATION_48N',
    });
    const name = lang === 'fr' ? `attestation-stage-${booking.bookingReference}.pdf` : `course-attestation-${booking.bookingReference}.pdf`;
    return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${name}"`).send(pdf);
  });
}
