import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '@recup/infra/http/language';
import { HttpProblem } from '@recup/infra/http/problem';
import { requireUser } from '@recup/infra/http/sessions';
import { BOOKINGS_COLLECTION, type BookingDocument } from '@recup/projector/bookings/booking-document';
import { creditNoteDateOf, INVOICES_COLLECTION, type InvoiceDocument } from '@recup/projector/billing/invoice-document';
import type { QueryApiDeps } from '../deps';
import { renderInvoicePdf } from './invoice-pdf';

const noInvoice = () =>
  new HttpProblem(404, 'INVOICE_NOT_FOUND', { fr: 'Aucune facture pour cette réservation : elle n’a pas été payée en ligne.', en: 'No invoice for this booking: it was not paid online.' });

/** An invoice issued before invoices recorded what they print, whose record is being derived from the log (seconds, once). */
const invoiceNotReady = () =>
  new HttpProblem(503, 'INVOICE_NOT_READY', { fr: 'La facture est en cours de préparation. Réessayez dans un instant.', en: 'The invoice is being prepared. Please try again in a moment.' }, { retryAfterSeconds: 2 });

/**
 * The invoice of a paid booking (and its credit note once refunded), to its learner and to administrators only.
 * The platform is the seller, numbering from its one series; the centre is named as the one who runs the course.
 * Everything it prints is what was recorded when it was issued: a later change of a name, an address, a
 * centre's approval or the seller's own configuration never alters an issued invoice.
 */
export async function invoiceRoute(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/bookings/:id/invoice', { schema: { params: z.object({ id: z.string().min(1).max(64) }) } }, async (request, reply) => {
    const user = requireUser(request, ['USER', 'ADMIN']);
    const { readStore } = deps;
    const booking = await readStore.collection<BookingDocument>(BOOKINGS_COLLECTION).findOne({ _id: request.params.id });
    if (!booking || (user.role !== 'ADMIN' && booking.userId !== user.userId)) {
      throw new HttpProblem(404, 'BOOKING_NOT_FOUND', { fr: 'Réservation introuvable.', en: 'Booking not found.' });
    }
    const invoice = await readStore.collection<InvoiceDocument>(INVOICES_COLLECTION).findOne({ _id: booking._id });
    if (!invoice?.number || !invoice.issuedAt) throw noInvoice();
    if (!invoice.document) throw invoiceNotReady();
    const refundedAt = creditNoteDateOf(invoice);
    const lang = languageOf(request);
    // A booking that moved: its earlier invoices first, each with the credit note that cancelled it, then the one in force.
    const replaced = invoice.replaced ?? [];
    if (replaced.some((old) => !old.document)) throw invoiceNotReady();
    const chain = replaced.map((old, index) => ({
      number: old.number, date: old.issuedAt, lang, record: old.document!, refund: null,
      replaced: { date: old.cancelledAt, by: replaced[index + 1]?.number ?? invoice.number! },
    }));
    const pdf = await renderInvoicePdf([...chain, {
      number: invoice.number,
      date: invoice.issuedAt,
      lang,
      record: invoice.document,
      refund: refundedAt ? { date: refundedAt } : null,
    }]);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="facture-${invoice.number}.pdf"`)
      .send(pdf);
  });
}
