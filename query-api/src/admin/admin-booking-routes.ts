import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '@recup/infra/http/language';
import { HttpProblem } from '@recup/infra/http/problem';
import { requireUser } from '@recup/infra/http/sessions';
import type { Filter, ReadStore } from '@recup/infra/read-store/port';
import type { BookingDocument } from '@recup/projector/bookings/booking-document';
import { COURSES_COLLECTION, type CourseDocument } from '@recup/projector/courses/course-document';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import type { BookingStatus } from '../contracts';
import { AdminBookingDto, Paged } from '../contracts/admin';
import { AdminBookingsQuery } from '../contracts/admin-queries';
import type { QueryApiDeps } from '../deps';
import { everyWordIn, exportFormat, exportList, idsOf, listOrPage, listSort, searchPattern } from './admin-lists';
import { bookingsCollection, toAdminBookings } from './admin-booking-view';
import { EXPORT_LABELS } from './export-labels';

type Query = z.output<typeof AdminBookingsQuery>;

const bookingNotFound = () => new HttpProblem(404, 'BOOKING_NOT_FOUND', { fr: 'Réservation introuvable.', en: 'Booking not found.' });

/**
 * A status as people see it (see bookingStatus), as a filter on the stored one: an expired booking shows as
 * CANCELLED, and a CONFIRMED booking of a course that has ended as COMPLETED.
 */
async function statusFilter(readStore: ReadStore, status: BookingStatus, now: Date): Promise<Filter> {
  if (status === 'PENDING') return { status: 'PENDING' };
  if (status === 'CANCELLED') return { status: { $in: ['CANCELLED', 'EXPIRED'] } };
  const courses = readStore.collection<CourseDocument>(COURSES_COLLECTION);
  if (status === 'COMPLETED') return { status: { $in: ['CONFIRMED', 'COMPLETED'] }, courseId: { $in: await idsOf(courses, { endDate: { $lte: now.toISOString() } }) } };
  return { status: 'CONFIRMED', courseId: { $in: await idsOf(courses, { endDate: { $gt: now.toISOString() } }) } };
}

/**
 * The bookings a search finds: by reference, by the learner's name or e-mail, by the course's title, city or
 * postal code. Each part is one query the read store answers from its own fields and indexes; the
 * bookings found are then narrowed by id.
 */
async function searchFilter(readStore: ReadStore, text: string): Promise<Filter> {
  const bookings = bookingsCollection(readStore);
  const [byReference, users, courses] = await Promise.all([
    idsOf(bookings, { bookingReference: searchPattern(text) }),
    idsOf(readStore.collection<UserDocument>(USERS_COLLECTION), everyWordIn(text, ['firstName', 'lastName', 'email'])),
    idsOf(readStore.collection<CourseDocument>(COURSES_COLLECTION), { $or: [{ title: searchPattern(text) }, { city: searchPattern(text) }, { postalCode: searchPattern(text) }] }),
  ]);
  const [byUser, byCourse] = await Promise.all([
    users.length > 0 ? idsOf(bookings, { userId: { $in: users } }) : [],
    courses.length > 0 ? idsOf(bookings, { courseId: { $in: courses } }) : [],
  ]);
  return { _id: { $in: [...new Set([text, ...byReference, ...byUser, ...byCourse])] } };
}

async function bookingFilter(readStore: ReadStore, query: Pick<Query, 'status' | 'q'>, now: Date): Promise<Filter> {
  const parts = await Promise.all([query.status ? statusFilter(readStore, query.status, now) : {}, query.q ? searchFilter(readStore, query.q) : {}]);
  return Object.assign({}, ...parts) as Filter;
}

const SORT_FIELDS = { createdAt: 'createdAt', reference: 'bookingReference', price: 'price', status: 'status' } as const;
const sortOf = (query: Query) => listSort(SORT_FIELDS[query.sort ?? 'createdAt'], query.order ?? (query.sort ? 'asc' : 'desc'));

/** Every booking for the administrators (spec 001 §2 /admin/bookings), newest first unless asked otherwise. */
export async function adminBookingRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const bookings = bookingsCollection(deps.readStore);
  const toRows = (docs: BookingDocument[]) => toAdminBookings(deps.readStore, docs, deps.clock.now());

  api.get('/api/admin/bookings', { schema: { querystring: AdminBookingsQuery, response: { 200: z.union([z.array(AdminBookingDto), Paged(AdminBookingDto)]) } } }, async (request) => {
    requireUser(request, ['ADMIN']);
    return listOrPage(bookings, await bookingFilter(deps.readStore, request.query, deps.clock.now()), sortOf(request.query), request.query, toRows);
  });

  api.get('/api/admin/bookings/export', { schema: { querystring: AdminBookingsQuery } }, async (request, reply) => {
    requireUser(request, ['ADMIN']);
    const f = exportFormat(languageOf(request));
    const t = EXPORT_LABELS[f.lang];
    const filter = await bookingFilter(deps.readStore, request.query, deps.clock.now());
    return exportList(reply, 'bookings_export.csv', t.bookings, f, bookings, filter, sortOf(request.query), toRows, (b) => [
      b.reference, t.bookingStatus[b.status], b.user.firstName, b.user.lastName, b.user.email, b.user.phoneNumber, b.course.title, b.course.city, b.course.postalCode,
      b.course.organization.name, f.dateTime(b.course.startDate), f.euros(b.price), b.payment ? t.paymentStatus[b.payment.status] : '', b.invoice?.number ?? '',
      f.dateTime(b.createdAt), b.id,
    ]);
  });

  /** One booking with its payment: the detail dialog, and the target of a payment's link to its booking. */
  api.get('/api/admin/bookings/:id', { schema: { params: z.object({ id: z.string().min(1).max(64) }), response: { 200: AdminBookingDto } } }, async (request) => {
    requireUser(request, ['ADMIN']);
    const booking = await bookings.findOne({ _id: request.params.id });
    const [row] = booking ? await toRows([booking]) : [];
    if (!row) throw bookingNotFound();
    return row;
  });
}
