import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, vatBreakdown, type InvoiceData } from './invoice-pdf';

const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
const data: InvoiceData = {
  number: 'RP-2026-000042', date: '2026-11-21T09:00:00.000Z', lang: 'fr',
  centre: { name: 'Var Prévention Conduite', address: '14 boulevard de Strasbourg', postalCode: '83000', city: 'Toulon', email: 'c@x.test', phoneNumber: '04 94 41 22 33', prefectApprovalReference: 'R1308300021' },
  learner: { name: 'Camille Durand', email: 'camille@example.test', address: '18 rue Jean Jaurès', postalCode: '83000', city: 'Toulon' },
  course: { title: 'Toulon', address: 'Salle Mayol', postalCode: '83000', city: 'Toulon', startDate: '2026-12-05T07:00:00.000Z', endDate: '2026-12-06T16:00:00.000Z' },
  bookingReference: 'RP-ABCD2345', amount: 22_000, refund: null,
};

describe('invoices', () => {
  it('split the price into net amount and 20 % VAT without losing a cent', () => {
    expect(vatBreakdown(22_000)).toEqual({ net: 18_333, vat: 3_667, total: 22_000 });
    expect(vatBreakdown(19_900)).toEqual({ net: 16_583, vat: 3_317, total: 19_900 });
  });

  it('render a one-page PDF, and add the credit note once refunded', async () => {
    const invoice = await renderInvoicePdf(data);
    expect(invoice.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(invoice)).toBe(1);
    const withCreditNote = await renderInvoicePdf({ ...data, lang: 'en', refund: { date: '2026-11-25T10:00:00.000Z' } });
    expect(pages(withCreditNote)).toBe(2);
  });
});
