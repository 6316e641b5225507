import { streams, type EventMetadata, type InvoiceEvent } from '@recup/shared-events';
import type { EventStore } from '@recup/infra/event-store/port';
import { parisDay } from '@recup/infra/time/paris';
import { handleCommand, type Decider } from '../core/decider';

export type InvoiceNumbersState = { last: number; byBooking: Record<string, string> };
export type AssignInvoiceNumber = { type: 'AssignInvoiceNumber'; bookingId: string; paymentId: string; year: number; now: Date };

export function invoiceNumber(year: number, sequence: number): string {
  return `RP-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The next number of the series, once per booking: asking again for the same booking gives nothing new. */
export function decideInvoiceNumber(command: AssignInvoiceNumber, state: InvoiceNumbersState): InvoiceEvent[] {
  if (state.byBooking[command.bookingId]) return [];
  const sequence = state.last + 1;
  return [{
    type: 'InvoiceNumberAssigned',
    data: { bookingId: command.bookingId, paymentId: command.paymentId, year: command.year, sequence, number: invoiceNumber(command.year, sequence), issuedAt: command.now.toISOString() },
  }];
}

export const invoiceNumbersDecider: Decider<AssignInvoiceNumber, InvoiceEvent, InvoiceNumbersState> = {
  initialState: () => ({ last: 0, byBooking: {} }),
  evolve: (state, event) => ({ last: event.data.sequence, byBooking: { ...state.byBooking, [event.data.bookingId]: event.data.number } }),
  decide: decideInvoiceNumber,
};

/** Gives a paid booking its invoice number in the series of the payment's year (Paris time). */
export async function assignInvoiceNumber(eventStore: EventStore, input: { bookingId: string; paymentId: string; now: Date }, metadata: EventMetadata) {
  const year = Number(parisDay(input.now).slice(0, 4));
  const result = await handleCommand(eventStore, streams.invoiceNumbers(year), invoiceNumbersDecider, { type: 'AssignInvoiceNumber', ...input, year }, { metadata });
  return { number: result.state.byBooking[input.bookingId]!, position: result.position };
}
