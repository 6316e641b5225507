import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '@recup/infra/http/language';
import { HttpProblem } from '@recup/infra/http/problem';
import { requireUser } from '@recup/infra/http/sessions';
import type { Filter, ReadStore } from '@recup/infra/read-store/port';
import { PAYMENTS_COLLECTION, type PaymentDocument } from '@recup/projector/payments/payment-document';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import { COURSES_COLLECTION, type CourseDocument } from '@recup/projector/courses/course-document';
import { bookingStatus } from '../bookings/booking-view';
import { AdminPaymentDto, Paged } from '../contracts/admin';
import { AdminPaymentSearchQuery, AdminPaymentsQuery } from '../contracts/admin-queries';
import type { QueryApiDeps } from '../deps';
import { byId, everyWordIn, exportFormat, exportList, idsOf, listOrPage, listSort, searchPattern } from './admin-lists';
import { bookingsCollection, creditNoteOf, toAdminPaymentSummary } from './admin-booking-view';
import { EXPORT_LABELS } from './export-labels';

type Query = z.output<typeof AdminPaymentsQuery>;

const paymentNotFound = () => new HttpProblem(404, 'PAYMENT_NOT_FOUND', { fr: 'Paiement introuvable.', en: 'Payment not found.' });

/**
 * The payments a search finds (spec 001: server-side): by payment id or provider id (in part), by the
 * booking's reference, or by the learner's name or e-mail.
 */
async function searchFilter(readStore: ReadStore, text: string): Promise<Filter> {
  const payments = readStore.collection<PaymentDocument>(PAYMENTS_COLLECTION);
  const [byIds, byBooking, users] = await Promise.all([
    idsOf(payments, { $or: [{ _id: searchPattern(text) }, { providerIntentId: searchPattern(text) }] }),
    idsOf(bookingsCollection(readStore), { bookingReference: searchPattern(text) }),
    idsOf(readStore.collection<UserDocument>(USERS_COLLECTION), everyWordIn(text, ['firstName', 'lastName', 'email'])),
  ]);
  const [ofBookings, ofUsers] = await Promise.all([
    byBooking.length > 0 ? idsOf(payments, { bookingId: { $in: byBooking } }) : [],
    users.length > 0 ? idsOf(payments, { userId: { $in: users } }) : [],
  ]);
  return { _id: { $in: [...new Set([...byIds, ...ofBookings, ...ofUsers])] } };
}

async function paymentFilter(readStore: ReadStore, query: Pick<Query, 'status' | 'q'>): Promise<Filter> {
  return { ...(query.status ? { status: query.status } : {}), ...(query.q ? await searchFilter(readStore, query.q) : {}) };
}

const SORT_FIELDS = { createdAt: 'createdAt', amount: 'amount', status: 'status' } as const;
const sortOf = (query: Query) => listSort(SORT_FIELDS[query.sort ?? 'createdAt'], query.order ?? (query.sort ? 'asc' : 'desc'));

/** Every payment for the administrators (spec 001 §2 /admin/payments), with its booking, learner, invoice and credit note. */
export async function adminPaymentRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { readStore } = deps;
  const payments = readStore.collection<PaymentDocument>(PAYMENTS_COLLECTION);
  const List = z.union([z.array(AdminPaymentDto), Paged(AdminPaymentDto)]);

  async function toRows(docs: PaymentDocument[]): Promise<AdminPaymentDto[]> {
    const [bookings, users] = await Promise.all([byId(bookingsCollection(readStore), docs.map((p) => p.bookingId)), byId(readStore.collection<UserDocument>(USERS_COLLECTION), docs.map((p) => p.userId))]);
    const courses = await byId(readStore.collection<CourseDocument>(COURSES_COLLECTION), [...bookings.values()].map((b) => b.courseId));
    const now = deps.clock.now();
    return docs.map((payment) => {
      const booking = bookings.get(payment.bookingId);
      const course = booking && courses.get(booking.courseId);
      const user = users.get(payment.userId);
      const invoice = booking?.paymentId === payment._id ? booking.invoice : null;
      return {
        ...toAdminPaymentSummary(payment),
        booking: booking && course ? { id: booking._id, reference: booking.bookingReference, status: bookingStatus(booking, course, now) } : null,
        user: user ? { id: user._id, firstName: user.firstName, lastName: user.lastName, email: user.email } : null,
        invoice,
        creditNote: creditNoteOf(payment, invoice),
      };
    });
  }

  api.get('/api/admin/payments', { schema: { querystring: AdminPaymentsQuery, response: { 200: List } } }, async (request) => {
    requireUser(request, ['ADMIN']);
    return listOrPage(payments, await paymentFilter(readStore, request.query), sortOf(request.query), request.query, toRows);
  });

  /** The spec's search call: the same list, `q` required. */
  api.get('/api/admin/payments/search', { schema: { querystring: AdminPaymentSearchQuery, response: { 200: List } } }, async (request) => {
    requireUser(request, ['ADMIN']);
    return listOrPage(payments, await paymentFilter(readStore, request.query), sortOf(request.query), request.query, toRows);
  });

  api.get('/api/admin/payments/export', { schema: { querystring: AdminPaymentsQuery } }, async (request, reply) => {
    requireUser(request, ['ADMIN']);
    const f = exportFormat(languageOf(request));
    const t = EXPORT_LABELS[f.lang];
    return exportList(reply, 'payments_export.csv', t.payments, f, payments, await paymentFilter(readStore, request.query), sortOf(request.query), toRows, (p) => [
      p.id, p.booking?.reference ?? '', f.euros(p.amount), p.currency, t.paymentStatus[p.status], p.stripePaymentIntentId, f.dateTime(p.createdAt),
      f.dateTime(p.succeededAt), f.dateTime(p.refundedAt), p.user?.firstName ?? '', p.user?.lastName ?? '', p.user?.email ?? '', p.invoice?.number ?? '',
      p.creditNote?.number ?? '', p.bookingId,
    ]);
  });

  /** One payment with its booking: the detail dialog, and the target of a booking's link to its payment. */
  api.get('/api/admin/payments/:id', { schema: { params: z.object({ id: z.string().min(1).max(64) }), response: { 200: AdminPaymentDto } } }, async (request) => {
    requireUser(request, ['ADMIN']);
    const payment = await payments.findOne({ _id: request.params.id });
    if (!payment) throw paymentNotFound();
    return (await toRows([payment]))[0]!;
  });
}
