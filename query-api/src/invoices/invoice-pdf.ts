import PDFDocument from 'pdfkit';
import { creditNoteNumber } from './credit-note-number';

export interface InvoiceData {
  number: string;
  date: string;
  lang: 'fr' | 'en';
  centre: { name: string; address: string; postalCode: string; city: string; email: string; phoneNumber: string; prefectApprovalReference: string | null };
  learner: { name: string; email: string; address: string | null; postalCode: string | null; city: string | null };
  course: { title: string; address: string; postalCode: string; city: string; startDate: string; endDate: string };
  bookingReference: string;
  /** Integer cents, VAT included. */
  amount: number;
  /** Set when the payment was refunded: a credit note cancels the invoice. */
  refund: { date: string } | null;
}

export const VAT_RATE = 0.2;

/** Amounts of an invoice: the price includes 20 % VAT; cents are never lost to rounding. */
export function vatBreakdown(amountInclTax: number) {
  const net = Math.round(amountInclTax / (1 + VAT_RATE));
  return { net, vat: amountInclTax - net, total: amountInclTax };
}

const TEXT = {
  fr: {
    invoice: 'FACTURE', creditNote: 'AVOIR', number: 'N°', date: 'Date', billedTo: 'Facturé à', centre: 'Centre agréé',
    approval: 'Agrément préfectoral', item: 'Stage de récupération de points (2 jours, 14 heures)', booking: 'Réservation',
    place: 'Lieu', dates: 'Dates', net: 'Montant HT', vat: 'TVA 20 %', total: 'Total TTC', paid: 'Payé par carte bancaire en ligne.',
    cancels: (n: string) => `Annule la facture ${n}. Remboursement intégral sur la carte utilisée.`, refundTotal: 'Total remboursé TTC',
    footer: "Récup'Points — plateforme de réservation de stages de récupération de points. Paiement de test : aucun débit réel.",
  },
  en: {
    invoice: 'INVOICE', creditNote: 'CREDIT NOTE', number: 'No.', date: 'Date', billedTo: 'Billed to', centre: 'Approved centre',
    approval: 'Prefectoral approval', item: 'Points recovery course (2 days, 14 hours)', booking: 'Booking',
    place: 'Venue', dates: 'Dates', net: 'Amount excl. VAT', vat: 'VAT 20%', total: 'Total incl. VAT', paid: 'Paid online by card.',
    cancels: (n: string) => `Cancels invoice ${n}. Refunded in full on the card used.`, refundTotal: 'Total refunded incl. VAT',
    footer: "Récup'Points — booking platform for points recovery courses. Test payment: nothing was really charged.",
  },
} as const;

/** The invoice of a paid booking, and its credit note after a refund, as one PDF. */
export function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const t = TEXT[data.lang];
  const locale = data.lang === 'fr' ? 'fr-FR' : 'en-GB';
  const money = (cents: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\u202f|\u00a0/g, ' ');
  const day = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(new Date(iso));
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${t.invoice} ${data.number}`, Author: data.centre.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const page = (title: string, number: string, date: string, sign: 1 | -1, note: string) => {
    doc.fontSize(20).fillColor('#0b3d91').text(title, { align: 'right' });
    doc.fontSize(10).fillColor('#000').text(`${t.number} ${number}`, { align: 'right' }).text(`${t.date} : ${day(date)}`, { align: 'right' });
    doc.moveDown();
    doc.fontSize(11).text(t.centre, { underline: true }).fontSize(10)
      .text(data.centre.name).text(data.centre.address).text(`${data.centre.postalCode} ${data.centre.city}`)
      .text(`${data.centre.email} — ${data.centre.phoneNumber}`);
    if (data.centre.prefectApprovalReference) doc.text(`${t.approval} : ${data.centre.prefectApprovalReference}`);
    doc.moveDown();
    doc.fontSize(11).text(t.billedTo, { underline: true }).fontSize(10).text(data.learner.name).text(data.learner.email);
    if (data.learner.address) doc.text(data.learner.address);
    if (data.learner.postalCode || data.learner.city) doc.text(`${data.learner.postalCode ?? ''} ${data.learner.city ?? ''}`.trim());
    doc.moveDown();
    doc.fontSize(11).text(t.item, { underline: true }).fontSize(10)
      .text(`${t.booking} : ${data.bookingReference}`)
      .text(`${t.place} : ${data.course.address}, ${data.course.postalCode} ${data.course.city}`)
      .text(`${t.dates} : ${day(data.course.startDate)} – ${day(data.course.endDate)}`);
    doc.moveDown();
    const { net, vat, total } = vatBreakdown(data.amount);
    doc.fontSize(10).text(`${t.net} : ${money(sign * net)}`, { align: 'right' }).text(`${t.vat} : ${money(sign * vat)}`, { align: 'right' });
    doc.fontSize(12).text(`${sign > 0 ? t.total : t.refundTotal} : ${money(sign * total)}`, { align: 'right' });
    doc.moveDown().fontSize(10).text(note);
    doc.moveDown(2).fontSize(8).fillColor('#555').text(t.footer);
  };

  page(t.invoice, data.number, data.date, 1, t.paid);
  if (data.refund) {
    doc.addPage();
    page(t.creditNote, creditNoteNumber(data.number), data.refund.date, -1, t.cancels(data.number));
  }
  doc.end();
  return done;
}
