import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import { streams, type DomainEvent } from '@recup/shared-events';
import { readStreamHistory } from './stream-history';

const metadata = (at: string) => ({ actor: { type: 'system' as const, name: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: at });

describe('a booking’s history in a year of many invoices', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recup-history-'));
  const eventStore = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
  const invoices = streams.invoiceNumbers(2026);
  let sequence = 0;

  async function invoice(bookingId: string) {
    sequence += 1;
    const event: DomainEvent = { type: 'InvoiceNumberAssigned', data: { bookingId, paymentId: `p-${bookingId}`, year: 2026, sequence, number: `RP-2026-${String(sequence).padStart(6, '0')}`, issuedAt: '2026-06-01T10:00:00.000Z' } };
    await eventStore.appendToStream(invoices, [{ ...event, metadata: metadata('2026-06-01T10:00:00.000Z') }], { expectedRevision: sequence === 1 ? 'no_stream' : sequence - 2 });
  }

  async function paidBooking(id: string) {
    const events: DomainEvent[] = [
      { type: 'BookingPlaced', data: { bookingId: id, bookingReference: `RP-${id}`, courseId: 'c1', userId: 'u1', price: 20_000, currency: 'EUR', placedAt: '2026-06-01T09:00:00.000Z', holdExpiresAt: '2026-06-01T09:30:00.000Z' } },
      { type: 'BookingConfirmed', data: { bookingId: id, by: 'payment', paymentId: `p-${id}`, confirmedAt: '2026-06-01T09:05:00.000Z' } },
    ];
    await eventStore.appendToStream(streams.booking(id), events.map((e) => ({ ...e, metadata: metadata('2026-06-01T09:05:00.000Z') })), { expectedRevision: 'no_stream' });
  }

  beforeAll(async () => {
    for (let n = 0; n < 700; n += 1) await invoice(`other-${n}`);
    await paidBooking('b1');
    for (let n = 700; n < 730; n += 1) await invoice(`other-${n}`);
    await invoice('b1');
    for (let n = 730; n < 1500; n += 1) await invoice(`other-${n}`);
    await paidBooking('b-without-invoice');
  });
  afterAll(async () => {
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the invoice number the booking was given, after its confirmation', async () => {
    const history = await readStreamHistory(eventStore, 'booking', 'b1');
    expect(history?.events.map((e) => e.type)).toEqual(['BookingPlaced', 'BookingConfirmed', 'InvoiceNumberAssigned']);
    expect(history?.events[2]?.data).toMatchObject({ bookingId: 'b1', number: 'RP-2026-000731' });
  });

  it('adds nothing when no invoice follows the confirmation', async () => {
    const history = await readStreamHistory(eventStore, 'booking', 'b-without-invoice');
    expect(history?.streams).toEqual(['booking-b-without-invoice']);
  });
});
