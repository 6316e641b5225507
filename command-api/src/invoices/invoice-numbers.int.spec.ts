import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import { commandMetadata } from '../core/metadata';
import { specFor } from '../testing/given-when-then';
import type { InvoiceRecord } from '@recup/shared-events';
import { assignInvoiceNumber, invoiceNumbersDecider } from './invoice-numbers';

const now = new Date('2026-11-21T09:00:00.000Z');
const metadata = commandMetadata({ type: 'system', name: 'test' }, now);

/** What an invoice prints, as recorded when it is issued. */
const aDocument = (buyer = 'Camille'): InvoiceRecord => ({
  seller: {
    name: "Récup'Points SAS", legalForm: 'société par actions simplifiée', shareCapitalCents: 5_000_000, address: '25 avenue de la République, 83000 Toulon, France',
    siren: '000000000', siret: '00000000000000', rcs: 'RCS Toulon 000 000 000', vatNumber: 'FR12000000000', vatExemption: null, email: 'contact@recup-points.fr', phone: '04 94 00 12 34',
  },
  buyer: { firstName: buyer, lastName: 'Durand', email: 'camille@example.test', address: null, postalCode: null, city: null },
  centre: { name: 'Var Prévention', address: '14 bd de Strasbourg', postalCode: '83000', city: 'Toulon', email: 'c@x.test', phoneNumber: '0494412233', prefectApprovalReference: 'R1' },
  course: { title: 'Toulon', address: 'Salle Mayol', postalCode: '83000', city: 'Toulon', startDate: '2026-12-05T07:00:00.000Z', endDate: '2026-12-06T16:00:00.000Z' },
  bookingReference: 'RP-ABCD2345', amounts: { total: 22_000, net: 18_333, vat: 3_667, vatRate: 0.2 }, paidAt: now.toISOString(),
});
const documentOf = async () => aDocument();

describe('invoice numbers', () => {
  const spec = specFor(invoiceNumbersDecider);
  const assigned = (bookingId: string, sequence: number, document: InvoiceRecord | null = aDocument()) => ({
    type: 'InvoiceNumberAssigned' as const,
    data: { bookingId, paymentId: `p-${bookingId}`, year: 2026, sequence, number: `RP-2026-${String(sequence).padStart(6, '0')}`, issuedAt: now.toISOString(), ...(document ? { document } : {}) },
  });
  const assign = (bookingId: string) => ({ type: 'AssignInvoiceNumber' as const, bookingId, paymentId: `p-${bookingId}`, year: 2026, now, document: aDocument() });
  it('follow each other, each with what its invoice prints', () => spec([assigned('b1', 1)]).when(assign('b2')).then([assigned('b2', 2)]));
  it('are given once per booking', () => spec([assigned('b1', 1)]).when(assign('b1')).thenNothingHappens());

  describe('an invoice numbered before its document was recorded', () => {
    const record = (bookingId: string) => ({ type: 'RecordInvoiceDocument' as const, bookingId, asOfPosition: 42, document: aDocument('Camille (as then)') });
    it('gets its document recorded, once', () => {
      const recorded = { type: 'InvoiceDocumentRecorded' as const, data: { bookingId: 'b1', number: 'RP-2026-000001', asOfPosition: 42, document: aDocument('Camille (as then)') } };
      spec([assigned('b1', 1, null)]).when(record('b1')).then([recorded]);
      spec([assigned('b1', 1, null), recorded]).when(record('b1')).thenNothingHappens();
    });
    it('never has the document it was issued with replaced', () => spec([assigned('b1', 1)]).when(record('b1')).thenNothingHappens());
    it('must be of this series', () => spec([assigned('b1', 1)]).when(record('b2')).thenNothingHappens());
    it('leaves the numbers as they were', () => spec([assigned('b1', 1, null), { type: 'InvoiceDocumentRecorded', data: { bookingId: 'b1', number: 'RP-2026-000001', asOfPosition: 42, document: aDocument() } }]).when(assign('b2')).then([assigned('b2', 2)]));
  });

  describe('when 50 payments arrive at once', () => {
    let dir: string;
    let eventStore: EmbeddedSqliteEventStore;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'recup-invoices-'));
      eventStore = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    });
    afterAll(async () => {
      await eventStore.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('gives 50 distinct consecutive numbers, with no gap', async () => {
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => assignInvoiceNumber(eventStore, { bookingId: `b${i}`, paymentId: `p${i}`, now, documentOf }, metadata)));
      const sequences = results.map((r) => Number(r.number.slice(-6))).sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      const again = await assignInvoiceNumber(eventStore, { bookingId: 'b7', paymentId: 'p7', now, documentOf }, metadata);
      expect(again.number).toBe(results[7]!.number);
      expect(await eventStore.readStream('invoiceNumbers-2026')).toHaveLength(50);
    });

    it('start a new series each year, in Paris time', async () => {
      const newYear = await assignInvoiceNumber(eventStore, { bookingId: 'nye', paymentId: 'p', now: new Date('2026-12-31T23:30:00.000Z'), documentOf }, metadata);
      expect(newYear.number).toBe('RP-2027-000001');
    });
  });
});
