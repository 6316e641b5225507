import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '@recup/infra/http/language';
import { HttpProblem } from '@recup/infra/http/problem';
import { requireUser } from '@recup/infra/http/sessions';
import { DEMO_SELLER } from '@recup/infra/seller-identity';
import { BOOKINGS_COLLECTION, type BookingDocument } from '@recup/projector/bookings/booking-document';
import { COURSES_COLLECTION, type CourseDocument } from '@recup/projector/courses/course-document';
import { ORGANIZATIONS_COLLECTION, type OrganizationDocument } from '@recup/projector/organizations/organization-document';
import { PAYMENTS_COLLECTION, type PaymentDocument } from '@recup/projector/payments/payment-document';
import { BILLING_IDENTITIES_COLLECTION, type BillingIdentityDocument } from '@recup/projector/billing/billing-identity-document';
import type { QueryApiDeps } from '../deps';
import { renderInvoicePdf } from './invoice-pdf';

const noInvoice = () =>
  new HttpProblem(404, 'INVOICE_NOT_FOUND', { fr: 'Aucune facture pour cette réservation : elle n’a pas été payée en ligne.', en: 'No invoice for this booking: it was not paid online.' });

/**
 * The invoice of a paid booking (and its credit note once refunded), to its learner and to administrators only.
 * The platform is the seller, numbering from its one series; the centre is named as the one who runs the course.
 */
export async function invoiceRoute(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/bookings/:id/invoice', { schema: { params: z.object({ id: z.string().min(1).max(64) }) } }, async (request, reply) => {
    const user = requireUser(request, ['USER', 'ADMIN']);
    const { readStore } = deps;
    const booking = await readStore.collection<BookingDocument>(BOOKINGS_COLLECTION).findOne({ _id: request.params.id });
    if (!booking || (user.role !== 'ADMIN' && booking.userId !== user.userId)) {
      throw new HttpProblem(404, 'BOOKING_NOT_FOUND', { fr: 'Réservation introuvable.', en: 'Booking not found.' });
    }
    if (!booking.invoice || !booking.paymentId) throw noInvoice();
    const [course, learner, payment] = await Promise.all([
      readStore.collection<CourseDocument>(COURSES_COLLECTION).findOne({ _id: booking.courseId }),
      // The buyer as the invoice names them, kept after their account is deleted (invoices are kept 10 years).
      readStore.collection<BillingIdentityDocument>(BILLING_IDENTITIES_COLLECTION).findOne({ _id: booking.userId }),
      readStore.collection<PaymentDocument>(PAYMENTS_COLLECTION).findOne({ _id: booking.paymentId }),
    ]);
    const centre = course && (await readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).findOne({ _id: course.organizationId }));
    if (!course || !learner || !payment || !centre) throw noInvoice();
    const pdf = await renderInvoicePdf({
      number: booking.invoice.number,
      date: booking.invoice.date,
      lang: languageOf(request),
      seller: deps.seller ?? DEMO_SELLER,
      centre: { name: centre.name, address: centre.address, postalCode: centre.postalCode, city: centre.city, email: centre.email, phoneNumber: centre.phoneNumber, prefectApprovalReference: centre.prefectApprovalReference },
      learner: { name: `${learner.firstName} ${learner.lastName}`, email: learner.email, address: learner.address, postalCode: learner.postalCode, city: learner.city },
      course: { title: course.title, address: course.address, postalCode: course.postalCode, city: course.city, startDate: course.startDate, endDate: course.endDate },
      bookingReference: booking.bookingReference,
      amount: payment.amount,
      paidAt: payment.succeededAt,
      refund: payment.status === 'REFUNDED' && payment.refundedAt ? { date: payment.refundedAt } : null,
    });
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="facture-${booking.invoice.number}.pdf"`)
      .send(pdf);
  });
}
