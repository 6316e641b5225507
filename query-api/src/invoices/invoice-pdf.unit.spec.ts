import { describe, expect, it } from 'vitest';
import { DEMO_SELLER, type SellerIdentity } from '@recup/infra/seller-identity';
import { invoiceDocument, renderInvoicePdf, vatBreakdown, type InvoiceData } from './invoice-pdf';
import { pdfText } from '../testing/pdf-text';

const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
const seller = (identity: SellerIdentity): InvoiceData['record']['seller'] => {
  const { publicationDirector: _director, ...printed } = identity;
  return printed;
};
const data: InvoiceData = {
  number: 'RP-2026-000042', date: '2026-11-21T09:00:00.000Z', lang: 'fr',
  record: {
    seller: seller(DEMO_SELLER),
    centre: { name: 'Var Prévention Conduite', address: '14 boulevard de Strasbourg', postalCode: '83000', city: 'Toulon', email: 'c@x.test', phoneNumber: '04 94 41 22 33', prefectApprovalReference: 'R1308300021' },
    buyer: { firstName: 'Camille', lastName: 'Durand', email: 'camille@example.test', address: '18 rue Jean Jaurès', postalCode: '83000', city: 'Toulon' },
    course: { title: 'Toulon', address: 'Salle Mayol', postalCode: '83000', city: 'Toulon', startDate: '2026-12-05T07:00:00.000Z', endDate: '2026-12-06T16:00:00.000Z' },
    bookingReference: 'RP-ABCD2345', amounts: { total: 22_000, net: 18_333, vat: 3_667, vatRate: 0.2 }, paidAt: '2026-11-21T09:00:00.000Z',
  },
  refund: null,
};

describe('an invoice', () => {
  it('splits the price into net amount and 20 % VAT without losing a cent', () => {
    expect(vatBreakdown(22_000)).toEqual({ net: 18_333, vat: 3_667, total: 22_000 });
    expect(vatBreakdown(19_900)).toEqual({ net: 16_583, vat: 3_317, total: 19_900 });
  });

  it('names the platform as the seller of its own series, with SIREN, SIRET, RCS and VAT number; the centre runs the course', () => {
    const [invoice] = invoiceDocument(data).pages;
    const lines = invoice!.map((line) => line.text);
    expect(lines.slice(0, 3)).toEqual(['FACTURE', 'N° RP-2026-000042', 'Date : 21 novembre 2026']);
    const seller = lines.slice(lines.indexOf('Vendeur') + 1, lines.indexOf('Client'));
    expect(seller).toEqual([
      "Récup'Points SAS",
      'société par actions simplifiée au capital de 50 000 €',
      '25 avenue de la République, 83000 Toulon, France',
      'SIREN 000 000 000 — SIRET 000 000 000 00000',
      'RCS Toulon 000 000 000',
      'N° TVA intracommunautaire : FR12000000000',
      'contact@recup-points.fr — 04 94 00 12 34',
    ]);
    expect(lines.slice(lines.indexOf('Client') + 1, lines.indexOf('Prestation'))).toEqual(['Camille Durand', 'camille@example.test', '18 rue Jean Jaurès', '83000 Toulon']);
    expect(lines).toContain('Stage de sensibilisation à la sécurité routière (récupération de points), 2 jours, 14 heures');
    expect(lines).toContain('Dates du stage : 5 décembre 2026 – 6 décembre 2026');
    expect(lines).toContain('Stage assuré par Var Prévention Conduite, centre agréé (agrément préfectoral R1308300021).');
    expect(lines).toContain("Vendu par Récup'Points SAS en son nom, pour le compte du centre (intermédiaire, art. 256 V du CGI).");
    expect(invoice!.filter((line) => line.style === 'amount' || line.style === 'total').map((line) => line.text)).toEqual([
      'Montant HT : 183,33 €',
      'TVA 20 % : 36,67 €',
      'Total TTC : 220,00 €',
    ]);
    expect(lines).toContain('Payé par carte bancaire en ligne le 21 novembre 2026.');
  });

  it('reads back the same from the compressed PDF the route sends', async () => {
    const [text] = pdfText(await renderInvoicePdf(data));
    expect(text).toContain('Camille Durand');
    expect(text).toContain('Total TTC : 220,00 €');
  });

  it('is drawn as one page whose text carries all of it', async () => {
    const pdf = await renderInvoicePdf(data, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(pdf)).toBe(1);
    const [text] = pdfText(pdf);
    const words = (lines: string[]) => lines.join(' ').replace(/\s+/g, ' ');
    expect(words(text!)).toBe(words(invoiceDocument(data).pages[0]!.map((line) => line.text)));
    expect(text).toContain('SIREN 000 000 000 — SIRET 000 000 000 00000');
    expect(text).toContain('N° TVA intracommunautaire : FR12000000000');
    expect(text).toContain('Total TTC : 220,00 €');
  });

  it('adds the credit note once refunded, in English too', async () => {
    const refunded = { ...data, lang: 'en' as const, refund: { date: '2026-11-25T10:00:00.000Z' } };
    const document = invoiceDocument(refunded);
    expect(document.pages).toHaveLength(2);
    const credit = document.pages[1]!.map((line) => line.text);
    expect(credit.slice(0, 3)).toEqual(['CREDIT NOTE', 'No. AV-RP-2026-000042', 'Date: 25 November 2026']);
    expect(credit).toContain('EU VAT number: FR12000000000');
    expect(credit).toContain('Cancels invoice RP-2026-000042. Refunded in full on the card used.');
    expect(credit).toContain('Total refunded incl. VAT: -€220.00');
    expect(pages(await renderInvoicePdf(refunded))).toBe(2);
  });

  it('carries the exemption mention instead of VAT when the seller is exempt', () => {
    const exempt: SellerIdentity = { ...DEMO_SELLER, vatNumber: null, vatExemption: 'TVA non applicable, art. 293 B du CGI' };
    const [invoice] = invoiceDocument({ ...data, record: { ...data.record, seller: seller(exempt), amounts: { total: 22_000, net: 22_000, vat: 0, vatRate: 0 } } }).pages;
    const lines = invoice!.map((line) => line.text);
    expect(lines).toContain('TVA non applicable, art. 293 B du CGI');
    expect(lines.some((line) => line.startsWith('N° TVA') || line.startsWith('TVA 20'))).toBe(false);
    expect(invoice!.filter((line) => line.style === 'amount' || line.style === 'total').map((line) => line.text)).toEqual([
      'Montant HT : 220,00 €',
      'TVA non applicable, art. 293 B du CGI',
      'Total à payer : 220,00 €',
    ]);
  });
});

describe('the invoices of a booking that moved', () => {
  it('print each replaced invoice followed by its credit note dated by the move, then the invoice in force with the difference', async () => {
    const first = { ...data, replaced: { date: '2026-11-25T10:00:00.000Z', by: 'RP-2026-000050' } };
    const moved: InvoiceData = {
      ...data, number: 'RP-2026-000050', date: '2026-11-25T10:00:00.000Z',
      record: { ...data.record, amounts: { total: 18_000, net: 15_000, vat: 3_000, vatRate: 0.2 }, move: { replaces: 'RP-2026-000042', difference: -4_000 } },
    };
    const pages = pdfText(await renderInvoicePdf([first, moved])).map((lines) => lines.join(' ').replace(/\s+/g, ' '));
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('N° RP-2026-000042');
    expect(pages[1]).toContain('AVOIR');
    expect(pages[1]).toContain('N° AV-RP-2026-000042');
    expect(pages[1]).toContain('Date : 25 novembre 2026');
    expect(pages[1]).toContain('Annule la facture RP-2026-000042 à la suite du changement de date de la réservation, remplacée par la facture RP-2026-000050.');
    expect(pages[1]).toContain('Total remboursé TTC : -220,00 €');
    expect(pages[2]).toContain('N° RP-2026-000050');
    expect(pages[2]).toContain('Total TTC : 180,00 €');
    expect(pages[2]).toContain('Remplace la facture RP-2026-000042 (annulée par l’avoir AV-RP-2026-000042) à la suite d’un changement de date.');
    expect(pages[2]).toContain('Trop-perçu de 40,00 € remboursé sur la carte utilisée.');
    const english = invoiceDocument({ ...moved, lang: 'en', record: { ...moved.record, move: { replaces: 'RP-2026-000042', difference: 4_000 } } }).pages[0]!.map((line) => line.text);
    expect(english).toContain('Paid online by card on 21 November 2026. Replaces invoice RP-2026-000042 (cancelled by credit note AV-RP-2026-000042) following a change of date. Difference paid by card: €40.00.');
  });
});

