import { describe, expect, it } from 'vitest';
import type { InvoiceRecord } from '@recup/shared-events';
import { fold, recorded } from '../testing/recorded';
import { creditNoteDateOf, type InvoiceDocument } from './invoice-document';
import { invoiceProjection } from './invoice-projection';

const document = (buyer: string): InvoiceRecord => ({
  seller: { name: 'S', legalForm: 'SAS', shareCapitalCents: 100, address: 'A', siren: '000000000', siret: '00000000000000', rcs: 'RCS', vatNumber: 'FR12000000000', vatExemption: null, email: 'e', phone: 'p' },
  buyer: { firstName: buyer, lastName: 'Durand', email: 'c@example.test', address: null, postalCode: null, city: null },
  centre: { name: 'Centre', address: 'a', postalCode: '83000', city: 'Toulon', email: 'c', phoneNumber: 'p', prefectApprovalReference: 'R1' },
  course: { title: 'Toulon', address: 'Salle', postalCode: '83000', city: 'Toulon', startDate: '2026-12-05T07:00:00.000Z', endDate: '2026-12-06T16:00:00.000Z' },
  bookingReference: 'RP-ABCD2345', amounts: { total: 22_000, net: 18_333, vat: 3_667, vatRate: 0.2 }, paidAt: '2026-11-21T09:00:00.000Z',
});
const numbered = (doc: InvoiceRecord | null) => recorded('invoiceNumbers-2026', 0, {
  type: 'InvoiceNumberAssigned',
  data: { bookingId: 'b1', paymentId: 'p1', year: 2026, sequence: 1, number: 'RP-2026-000001', issuedAt: '2026-11-21T09:00:00.000Z', ...(doc ? { document: doc } : {}) },
});
const derived = (buyer: string) => recorded('invoiceNumbers-2026', 1, { type: 'InvoiceDocumentRecorded', data: { bookingId: 'b1', number: 'RP-2026-000001', asOfPosition: 7, document: document(buyer) } });
const refunded = (paymentId = 'p1') => recorded(`payment-${paymentId}`, 3, { type: 'PaymentRefunded', data: { paymentId, bookingId: 'b1', amount: 22_000, providerRefundId: 're_1', refundedAt: '2026-11-25T10:00:00.000Z' } });

describe('invoices as issued', () => {
  it('keep the document an invoice was issued with, whatever is recorded after', () => {
    const invoice = fold<InvoiceDocument>(invoiceProjection.evolve, [numbered(document('Camille')), derived('Someone else')]);
    expect(invoice).toMatchObject({ _id: 'b1', number: 'RP-2026-000001', paymentId: 'p1', document: { buyer: { firstName: 'Camille' } } });
  });

  it('give an invoice numbered before documents were recorded the document derived for it, once known', () => {
    expect(fold<InvoiceDocument>(invoiceProjection.evolve, [numbered(null)])!.document).toBeNull();
    expect(fold<InvoiceDocument>(invoiceProjection.evolve, [numbered(null), derived('Camille')])!.document?.buyer.firstName).toBe('Camille');
  });

  it('date the credit note by the refund of the invoice’s own payment, even when the refund came first', () => {
    expect(creditNoteDateOf(fold<InvoiceDocument>(invoiceProjection.evolve, [numbered(document('C')), refunded()])!)).toBe('2026-11-25T10:00:00.000Z');
    expect(creditNoteDateOf(fold<InvoiceDocument>(invoiceProjection.evolve, [refunded(), numbered(document('C'))])!)).toBe('2026-11-25T10:00:00.000Z');
    expect(creditNoteDateOf(fold<InvoiceDocument>(invoiceProjection.evolve, [numbered(document('C')), refunded('p2')])!)).toBeNull();
  });
});

describe('invoices of a booking that moved', () => {
  it('keep the invoice replaced, cancelled by its credit note as of the move, and put the new one in force', () => {
    const moveInvoice = recorded('invoiceNumbers-2026', 1, {
      type: 'InvoiceNumberAssigned',
      data: {
        bookingId: 'b1', paymentId: 'p1', year: 2026, sequence: 2, number: 'RP-2026-000002', issuedAt: '2026-11-23T10:00:00.000Z',
        document: { ...document('Camille'), move: { replaces: 'RP-2026-000001', difference: -2_000 } }, replaces: { number: 'RP-2026-000001', movedEventId: 'e1' },
      },
    });
    const invoice = fold<InvoiceDocument>(invoiceProjection.evolve, [numbered(document('Camille')), moveInvoice]);
    expect(invoice).toMatchObject({ number: 'RP-2026-000002', issuedAt: '2026-11-23T10:00:00.000Z', document: { move: { replaces: 'RP-2026-000001' } } });
    expect(invoice!.replaced).toEqual([{ number: 'RP-2026-000001', issuedAt: '2026-11-21T09:00:00.000Z', document: document('Camille'), cancelledAt: '2026-11-23T10:00:00.000Z' }]);
    // A refund later cancels the invoice in force.
    expect(creditNoteDateOf(fold<InvoiceDocument>(invoiceProjection.evolve, [numbered(document('Camille')), moveInvoice, refunded()])!)).toBe('2026-11-25T10:00:00.000Z');
  });
});

