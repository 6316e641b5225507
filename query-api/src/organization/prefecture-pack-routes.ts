import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zipSync } from 'fflate';
import { z } from 'zod';
import { HttpProblem } from '@recup/infra/http/problem';
import { languageOf, type Lang } from '@recup/infra/http/language';
import { requireUser } from '@recup/infra/http/sessions';
import type { BookingDocument } from '@recup/projector/bookings/booking-document';
import { COURSES_COLLECTION, PUBLISHED_COURSES, type CourseDocument } from '@recup/projector/courses/course-document';
import { ORGANIZATIONS_COLLECTION, type OrganizationDocument } from '@recup/projector/organizations/organization-document';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import { packDaysLeft, packDeadline, packDue } from '@recup/shared-events/courses/prefecture-pack';
import { attestationAvailable } from '../attestations/attestation-routes';
import { renderAttestationPdf } from '../attestations/attestation-pdf';
import { bookingStatus } from '../bookings/booking-view';
import { learnerCaseShortLabel } from '../bookings/learner-case-text';
import { AwaitedPackDto, LatePackDto } from '../contracts/prefecture-pack';
import type { QueryApiDeps } from '../deps';
import { renderAttendanceSheetPdf } from './attendance-sheet-pdf';
import { courseBookings, ownCourse, ownOrganization } from './organization-reads';
import { prefecturePackCsv } from './prefecture-pack-csv';

const CourseParams = z.object({ id: z.string().min(1).max(64) });
const notDue = () => new HttpProblem(409, 'PREFECTURE_PACK_NOT_DUE', {
  fr: 'Le dossier de la préfecture se prépare une fois le stage terminé : il n’est pas encore disponible.',
  en: 'The prefecture’s pack is made once the course has ended: it is not available yet.',
});
const cancelledCourse = () => new HttpProblem(409, 'CANCELLED_COURSE_HAS_NO_PACK', {
  fr: 'Ce stage a été annulé : il n’a pas de dossier à envoyer à la préfecture.',
  en: 'This course was cancelled: it has no pack to send to the prefecture.',
});

const NAMES = {
  fr: { zip: 'dossier-prefecture', sheet: 'feuille-emargement', attestation: 'attestation-stage', summary: 'recapitulatif-stagiaires' },
  en: { zip: 'prefecture-pack', sheet: 'attendance-sheet', attestation: 'course-attestation', summary: 'trainees-summary' },
} as const;
/** A part of a file name: letters, digits and dashes only. */
const fileSafe = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');

type Expected = { booking: BookingDocument; user: UserDocument };

/** The participants the sheet expects: bookings CONFIRMED (COMPLETED once ended) on the course, by last name. */
async function expectedOn(deps: QueryApiDeps, course: CourseDocument): Promise<Expected[]> {
  const now = deps.clock.now();
  const bookings = (await courseBookings(deps.readStore, [course._id])).filter((b) => ['CONFIRMED', 'COMPLETED'].includes(bookingStatus(b, course, now)));
  const users = await deps.readStore.collection<UserDocument>(USERS_COLLECTION).find({ _id: { $in: [...new Set(bookings.map((b) => b.userId))] } });
  const usersById = new Map(users.map((u) => [u._id, u]));
  return bookings.flatMap((booking) => { const user = usersById.get(booking.userId); return user ? [{ booking, user }] : []; })
    .sort((a, b) => a.user.lastName.localeCompare(b.user.lastName, 'fr') || a.user.firstName.localeCompare(b.user.firstName, 'fr'));
}

/**
 * The pack's files, each rendered by its own module from what is recorded: the attendance sheet, every completed
 * learner's attestation, and the summary CSV. Names carry no accents nor spaces (any unzip tool reads them).
 */
async function packFiles(deps: QueryApiDeps, centre: OrganizationDocument, course: CourseDocument, lang: Lang): Promise<Record<string, Uint8Array>> {
  const expected = await expectedOn(deps, course);
  const now = deps.clock.now();
  const n = NAMES[lang];
  const day = course.startDate.slice(0, 10);
  const centreInfo = { name: centre.name, address: centre.address, postalCode: centre.postalCode, city: centre.city, prefectApprovalReference: centre.prefectApprovalReference };
  const files: Record<string, Uint8Array> = {};
  files[`${n.sheet}-${day}.pdf`] = await renderAttendanceSheetPdf({
    lang, centre: centreInfo,
    course: { title: course.title, address: course.address, postalCode: course.postalCode, city: course.city, startDate: course.startDate, endDate: course.endDate, antsNumber: course.antsNumber },
    participants: expected.map(({ user, booking }) => ({
      lastName: user.lastName, firstName: user.firstName, dateOfBirth: user.dateOfBirth, licenseNumber: user.licenseNumber, bookingReference: booking.bookingReference,
      learnerCase: learnerCaseShortLabel(booking.learnerCase ?? null, lang), halfDays: booking.attendance?.halfDays ?? {},
    })),
    facilitators: course.facilitators ?? [],
  });
  for (const { booking, user } of expected) {
    if (!attestationAvailable(booking, course, now)) continue;
    const name = `${n.attestation}-${booking.bookingReference}-${fileSafe(user.lastName).toUpperCase()}.pdf`;
    files[name] = await renderAttestationPdf({
      lang,
      issuedAt: booking.attestationSentAt ?? course.endDate,
      bookingReference: booking.bookingReference,
      centre: centreInfo,
      course: { antsNumber: course.antsNumber, startDate: course.startDate, endDate: course.endDate, address: course.address, postalCode: course.postalCode, city: course.city },
      learner: { title: user.title, firstName: user.firstName, lastName: user.lastName, dateOfBirth: user.dateOfBirth, placeOfBirth: user.placeOfBirth, licenseNumber: user.licenseNumber },
      facilitators: course.facilitators ?? [],
      probation48N: booking.learnerCase?.case === 'PROBATION_48N',
    });
  }
  files[`${n.summary}-${day}.csv`] = new TextEncoder().encode(prefecturePackCsv(expected.map(({ booking, user }) => ({
    bookingReference: booking.bookingReference, lastName: user.lastName, firstName: user.firstName, dateOfBirth: user.dateOfBirth, placeOfBirth: user.placeOfBirth,
    licenseNumber: user.licenseNumber, learnerCase: booking.learnerCase ?? null, halfDays: booking.attendance?.halfDays ?? {},
  })), lang));
  return files;
}

/** A course's pack as a line of the lists: its deadline and days left, and who is on its sheet. */
function awaitedPack(course: CourseDocument, bookings: readonly BookingDocument[], now: Date): AwaitedPackDto {
  const held = bookings.filter((b) => b.courseId === course._id && ['CONFIRMED', 'COMPLETED'].includes(bookingStatus(b, course, now)));
  const daysLeft = packDaysLeft(course.endDate, now);
  return {
    courseId: course._id, title: course.title, titleEn: course.titleEn, startDate: course.startDate, endDate: course.endDate, antsNumber: course.antsNumber,
    deadline: packDeadline(course.endDate), daysLeft, late: daysLeft < 0, participants: held.length, completed: held.filter((b) => b.attendance?.outcome === 'COMPLETED').length,
  };
}

/** Ended courses held (not cancelled, someone on the sheet) whose pack is not marked sent, late ones first. */
async function awaitedPacks(deps: QueryApiDeps, filter: Record<string, unknown>, now: Date): Promise<{ course: CourseDocument; pack: AwaitedPackDto }[]> {
  const courses = (await deps.readStore.collection<CourseDocument>(COURSES_COLLECTION).find({ ...filter, ...PUBLISHED_COURSES, cancelled: false, endDate: { $lte: now.toISOString() } }))
    .filter((course) => !course.prefecturePackSent);
  const bookings = await courseBookings(deps.readStore, courses.map((c) => c._id));
  return courses.map((course) => ({ course, pack: awaitedPack(course, bookings, now) }))
    .filter(({ pack }) => pack.participants > 0)
    .sort((a, b) => a.pack.daysLeft - b.pack.daysLeft || a.course.endDate.localeCompare(b.course.endDate) || a.course._id.localeCompare(b.course._id));
}

/**
 * The prefecture's pack (issue 20 §3): within 15 calendar days of a course's end the centre sends the prefecture the
 * signed attendance sheet, every attestation and each learner's ID. The centre downloads the pack as a ZIP, sees the
 * courses still awaiting theirs with the days left; an administrator sees every late pack across centres.
 */
export async function prefecturePackRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { readStore } = deps;

  api.get('/api/organization/courses/:id/prefecture-pack', { schema: { params: CourseParams } }, async (request, reply) => {
    const centre = await ownOrganization(readStore, requireUser(request, ['ORGANIZATION']).userId);
    const course = await ownCourse(readStore, centre._id, request.params.id);
    if (course.cancelled) throw cancelledCourse();
    if (!packDue(course.endDate, deps.clock.now())) throw notDue();
    const lang = languageOf(request);
    const zip = zipSync(await packFiles(deps, centre, course, lang), { level: 6, mtime: new Date(course.endDate) });
    const name = [NAMES[lang].zip, course.startDate.slice(0, 10), course.antsNumber && fileSafe(course.antsNumber)].filter(Boolean).join('-');
    return reply.type('application/zip').header('Content-Disposition', `attachment; filename="${name}.zip"`).send(Buffer.from(zip));
  });

  api.get('/api/organization/prefecture-packs', { schema: { response: { 200: z.array(AwaitedPackDto) } } }, async (request) => {
    const centre = await ownOrganization(readStore, requireUser(request, ['ORGANIZATION']).userId);
    return (await awaitedPacks(deps, { organizationId: centre._id }, deps.clock.now())).map(({ pack }) => pack);
  });

  api.get('/api/admin/prefecture-packs/late', { schema: { response: { 200: z.array(LatePackDto) } } }, async (request) => {
    requireUser(request, ['ADMIN']);
    const late = (await awaitedPacks(deps, {}, deps.clock.now())).filter(({ pack }) => pack.late);
    const centres = await readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).find({ _id: { $in: [...new Set(late.map((l) => l.course.organizationId))] } });
    const names = new Map(centres.map((c) => [c._id, c.name]));
    return late.map(({ course, pack }) => ({ ...pack, organizationId: course.organizationId, organizationName: names.get(course.organizationId) ?? '' }));
  });
}
