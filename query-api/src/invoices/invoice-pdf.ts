import PDFDocument from 'pdfkit';
import { vatBreakdown, type InvoiceRecord } from '@recup/shared-events';
import { creditNoteNumber } from './credit-note-number';

export { vatBreakdown };

/**
 * An invoice as it was issued (and its credit note once refunded): its number and date, and everything it
 * prints as recorded when it was issued (`record`: seller, buyer, centre, course, amounts and VAT), never the
 * records as they are now. The language is the reader's: only the words change, never a value.
 */
export interface InvoiceData {
  number: string;
  date: string;
  lang: 'fr' | 'en';
  record: InvoiceRecord;
  /** Set once the payment was refunded: the credit note that cancels the invoice, dated by the refund. */
  refund: { date: string } | null;
  /**
   * Set once the booking moved to another course: the credit note that cancels this invoice, dated by the move, and
   * the invoice that replaces it (README, "Invoices: who sells").
   */
  replaced?: { date: string; by: string } | null;
}

const TEXT = {
  fr: {
    invoice: 'FACTURE', creditNote: 'AVOIR', number: 'N°', date: 'Date', seller: 'Vendeur', billedTo: 'Client',
    capital: (form: string, amount: string) => `${form} au capital de ${amount}`,
    siren: 'SIREN', siret: 'SIRET', vatNumber: 'N° TVA intracommunautaire', vatShort: 'TVA',
    service: 'Prestation', item: 'Stage de sensibilisation à la sécurité routière (récupération de points), 2 jours, 14 heures',
    quantity: 'Quantité : 1', dates: 'Dates du stage', place: 'Lieu', booking: 'Réservation',
    runBy: (centre: string, approval: string | null) => `Stage assuré par ${centre}, centre agréé${approval ? ` (agrément préfectoral ${approval})` : ''}.`,
    soldBy: (seller: string) => `Vendu par ${seller} en son nom, pour le compte du centre (intermédiaire, art. 256 V du CGI).`,
    net: 'Montant HT', vat: (rate: number) => `TVA ${rate} %`, total: 'Total TTC', totalExempt: 'Total à payer',
    refundTotal: 'Total remboursé TTC', refundTotalExempt: 'Total remboursé',
    paid: (date: string | null) => (date ? `Payé par carte bancaire en ligne le ${date}.` : 'Payé par carte bancaire en ligne.'),
    cancels: (n: string) => `Annule la facture ${n}. Remboursement intégral sur la carte utilisée.`,
    cancelsForMove: (n: string, by: string) => `Annule la facture ${n} à la suite du changement de date de la réservation, remplacée par la facture ${by}.`,
    replaces: (n: string) => `Remplace la facture ${n} (annulée par l’avoir AV-${n}) à la suite d’un changement de date.`,
    differencePaid: (amount: string) => `Différence payée par carte bancaire : ${amount}.`,
    differenceRefunded: (amount: string) => `Trop-perçu de ${amount} remboursé sur la carte utilisée.`,
    test: 'Paiement de test : aucun débit réel.',
  },
  en: {
    invoice: 'INVOICE', creditNote: 'CREDIT NOTE', number: 'No.', date: 'Date', seller: 'Seller', billedTo: 'Customer',
    capital: (form: string, amount: string) => `${form} with a share capital of ${amount}`,
    siren: 'SIREN', siret: 'SIRET', vatNumber: 'EU VAT number', vatShort: 'VAT',
    service: 'Service', item: 'Road safety awareness course (points recovery), 2 days, 14 hours',
    quantity: 'Quantity: 1', dates: 'Course dates', place: 'Venue', booking: 'Booking',
    runBy: (centre: string, approval: string | null) => `Course run by ${centre}, an approved centre${approval ? ` (prefectoral approval ${approval})` : ''}.`,
    soldBy: (seller: string) => `Sold by ${seller} in its own name, for the account of the centre (intermediary, art. 256 V of the French tax code).`,
    net: 'Amount excl. VAT', vat: (rate: number) => `VAT ${rate}%`, total: 'Total incl. VAT', totalExempt: 'Total due',
    refundTotal: 'Total refunded incl. VAT', refundTotalExempt: 'Total refunded',
    paid: (date: string | null) => (date ? `Paid online by card on ${date}.` : 'Paid online by card.'),
    cancels: (n: string) => `Cancels invoice ${n}. Refunded in full on the card used.`,
    cancelsForMove: (n: string, by: string) => `Cancels invoice ${n} following the change of date of the booking, replaced by invoice ${by}.`,
    replaces: (n: string) => `Replaces invoice ${n} (cancelled by credit note AV-${n}) following a change of date.`,
    differencePaid: (amount: string) => `Difference paid by card: ${amount}.`,
    differenceRefunded: (amount: string) => `Overpayment of ${amount} refunded on the card used.`,
    test: 'Test payment: nothing was really charged.',
  },
} as const;

type InvoiceLineStyle = 'title' | 'meta' | 'heading' | 'body' | 'amount' | 'total' | 'note' | 'footer';

/** One line of the document, as it is printed: the model a test reads before anything is drawn. */
interface InvoiceLine {
  style: InvoiceLineStyle;
  text: string;
}

interface InvoiceDocument {
  title: string;
  author: string;
  /** The invoice, then its credit note once refunded. */
  pages: InvoiceLine[][];
}

const groupDigits = (digits: string, groups: number[]) => {
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
};

/** What an invoice says (DOMAIN.md, Money): seller and its numbers, buyer, date, service, amounts before and after tax. */
export function invoiceDocument(data: InvoiceData): InvoiceDocument {
  const t = TEXT[data.lang];
  const locale = data.lang === 'fr' ? 'fr-FR' : 'en-GB';
  const money = (cents: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\u202f|\u00a0/g, ' ');
  const day = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(new Date(iso));
  const { seller, buyer, centre, course, amounts } = data.record;
  // French puts a space before the colon, English none.
  const colon = data.lang === 'fr' ? ' : ' : ': ';
  const exempt = seller.vatNumber === null;
  const rate = amounts.vatRate;
  const { net, vat, total } = amounts;
  const capital = t.capital(seller.legalForm, money(seller.shareCapitalCents).replace(/[,.]00(?=\D*$)/, ''));
  const numbers = `${t.siren} ${groupDigits(seller.siren, [3, 3, 3])} — ${t.siret} ${groupDigits(seller.siret, [3, 3, 3, 5])}`;
  const vatLine = seller.vatNumber ? `${t.vatNumber}${colon}${seller.vatNumber}` : (seller.vatExemption ?? '');
  const line = (style: InvoiceLineStyle, text: string): InvoiceLine => ({ style, text });

  const page = (title: string, number: string, date: string, sign: 1 | -1, note: string): InvoiceLine[] => {
    const learnerPlace = `${buyer.postalCode ?? ''} ${buyer.city ?? ''}`.trim();
    return [
      line('title', title),
      line('meta', `${t.number} ${number}`),
      line('meta', `${t.date}${colon}${day(date)}`),
      line('heading', t.seller),
      line('body', seller.name),
      line('body', capital),
      line('body', seller.address),
      line('body', numbers),
      line('body', seller.rcs),
      line('body', vatLine),
      line('body', `${seller.email} — ${seller.phone}`),
      line('heading', t.billedTo),
      line('body', `${buyer.firstName} ${buyer.lastName}`),
      line('body', buyer.email),
      ...(buyer.address ? [line('body', buyer.address)] : []),
      ...(learnerPlace ? [line('body', learnerPlace)] : []),
      line('heading', t.service),
      line('body', t.item),
      line('body', t.quantity),
      line('body', `${t.dates}${colon}${day(course.startDate)} – ${day(course.endDate)}`),
      line('body', `${t.place}${colon}${course.address}, ${course.postalCode} ${course.city}`),
      line('body', `${t.booking}${colon}${data.record.bookingReference}`),
      line('body', t.runBy(centre.name, centre.prefectApprovalReference)),
      line('body', t.soldBy(seller.name)),
      line('amount', `${t.net}${colon}${money(sign * net)}`),
      ...(exempt ? [line('amount', seller.vatExemption ?? '')] : [line('amount', `${t.vat(rate * 100)}${colon}${money(sign * vat)}`)]),
      line('total', `${sign > 0 ? (exempt ? t.totalExempt : t.total) : exempt ? t.refundTotalExempt : t.refundTotal}${colon}${money(sign * total)}`),
      line('note', note),
      line('footer', [seller.name, capital, seller.rcs, `${t.siret} ${groupDigits(seller.siret, [3, 3, 3, 5])}`, seller.vatNumber ? `${t.vatShort} ${seller.vatNumber}` : vatLine].join(' — ')),
      line('footer', t.test),
    ];
  };

  const { move } = data.record;
  const paidNote = [
    t.paid(data.record.paidAt ? day(data.record.paidAt) : null),
    ...(move ? [t.replaces(move.replaces)] : []),
    ...(move && move.difference > 0 ? [t.differencePaid(money(move.difference))] : []),
    ...(move && move.difference < 0 ? [t.differenceRefunded(money(-move.difference))] : []),
  ].join(' ');
  const pages = [page(t.invoice, data.number, data.date, 1, paidNote)];
  if (data.replaced) pages.push(page(t.creditNote, creditNoteNumber(data.number), data.replaced.date, -1, t.cancelsForMove(data.number, data.replaced.by)));
  else if (data.refund) pages.push(page(t.creditNote, creditNoteNumber(data.number), data.refund.date, -1, t.cancels(data.number)));
  return { title: `${t.invoice} ${data.number}`, author: seller.name, pages };
}

const STYLE: Record<InvoiceLineStyle, { size: number; color: string; align: 'left' | 'right'; gapBefore: number }> = {
  title: { size: 20, color: '#0b3d91', align: 'right', gapBefore: 0 },
  meta: { size: 10, color: '#000000', align: 'right', gapBefore: 0 },
  heading: { size: 11, color: '#0b3d91', align: 'left', gapBefore: 1 },
  body: { size: 10, color: '#000000', align: 'left', gapBefore: 0 },
  amount: { size: 10, color: '#000000', align: 'right', gapBefore: 0 },
  total: { size: 12, color: '#000000', align: 'right', gapBefore: 0 },
  note: { size: 10, color: '#000000', align: 'left', gapBefore: 1 },
  footer: { size: 8, color: '#555555', align: 'left', gapBefore: 1 },
};

/**
 * The invoice of a paid booking, and its credit note after a refund, as one PDF drawn from its document. A booking
 * that moved gives its invoices in order: each replaced one followed by the credit note that cancels it, then the
 * invoice in force (`data` a list).
 */
export function renderInvoicePdf(data: InvoiceData | InvoiceData[], options: { compress?: boolean } = {}): Promise<Buffer> {
  const chain = Array.isArray(data) ? data : [data];
  const last = invoiceDocument(chain.at(-1)!);
  const document: InvoiceDocument = { ...last, pages: chain.flatMap((item) => invoiceDocument(item).pages) };
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress: options.compress ?? true, info: { Title: document.title, Author: document.author } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  document.pages.forEach((lines, index) => {
    if (index > 0) doc.addPage();
    let previous: InvoiceLineStyle | null = null;
    for (const { style, text } of lines) {
      const look = STYLE[style];
      // A block starts after a blank line; the amounts start after one too.
      if ((look.gapBefore && previous !== style) || (style === 'amount' && previous !== 'amount')) doc.moveDown(0.8);
      doc.fontSize(look.size).fillColor(look.color).font(style === 'heading' || style === 'total' || style === 'title' ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(text, { align: look.align });
      previous = style;
    }
  });
  doc.end();
  return done;
}
