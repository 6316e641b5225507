import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import { commandMetadata } from '../core/metadata';
import { specFor } from '../core/given-when-then';
import { assignInvoiceNumber, invoiceNumbersDecider } from './invoice-numbers';

const now = new Date('2026-11-21T09:00:00.000Z');
const metadata = commandMetadata({ type: 'system', name: 'test' }, now);

describe('invoice numbers', () => {
  const spec = specFor(invoiceNumbersDecider);
  const assigned = (bookingId: string, sequence: number) => ({
    type: 'InvoiceNumberAssigned' as const,
    data: { bookingId, paymentId: `p-${bookingId}`, year: 2026, sequence, number: `RP-2026-${String(sequence).padStart(6, '0')}`, issuedAt: now.toISOString() },
  });
  it('follow each other', () => spec([assigned('b1', 1)]).when({ type: 'AssignInvoiceNumber', bookingId: 'b2', paymentId: 'p-b2', year: 2026, now }).then([assigned('b2', 2)]));
  it('are given once per booking', () => spec([assigned('b1', 1)]).when({ type: 'AssignInvoiceNumber', bookingId: 'b1', paymentId: 'p-b1', year: 2026, now }).thenNothingHappens());

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
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => assignInvoiceNumber(eventStore, { bookingId: `b${i}`, paymentId: `p${i}`, now }, metadata)));
      const sequences = results.map((r) => Number(r.number.slice(-6))).sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      const again = await assignInvoiceNumber(eventStore, { bookingId: 'b7', paymentId: 'p7', now }, metadata);
      expect(again.number).toBe(results[7]!.number);
      expect(await eventStore.readStream('invoiceNumbers-2026')).toHaveLength(50);
    });

    it('start a new series each year, in Paris time', async () => {
      const newYear = await assignInvoiceNumber(eventStore, { bookingId: 'nye', paymentId: 'p', now: new Date('2026-12-31T23:30:00.000Z') }, metadata);
      expect(newYear.number).toBe('RP-2027-000001');
    });
  });
});
