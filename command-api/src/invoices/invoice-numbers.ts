import { streams, type EventMetadata, type InvoiceEvent, type InvoiceRecord } from '@recup/shared-events';
import type { EventStore } from '@recup/infra/event-store/port';
import { parisDay } from '@recup/infra/time/paris';
import { handleCommand, readState, type Decider } from '../core/decider';

export type InvoiceNumbersState = {
  last: number;
  byBooking: Record<string, string>;
  /** The bookings whose invoice has its document recorded (in its number's event or after it). */
  documented: Record<string, true>;
};
export type AssignInvoiceNumber = { type: 'AssignInvoiceNumber'; bookingId: string; paymentId: string; year: number; now: Date; document: InvoiceRecord };
/** The document of an invoice numbered before documents were recorded, as the log stood at its number. */
export type RecordInvoiceDocument = { type: 'RecordInvoiceDocument'; bookingId: string; asOfPosition: number; document: InvoiceRecord };
export type InvoiceCommand = AssignInvoiceNumber | RecordInvoiceDocument;

export function invoiceNumber(year: number, sequence: number): string {
  return `RP-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * The next number of the series, once per booking: asking again for the same booking gives nothing new. The
 * invoice's document is recorded with its number: what it prints is fixed as it is issued.
 */
export function decideInvoiceNumber(command: InvoiceCommand, state: InvoiceNumbersState): InvoiceEvent[] {
  if (command.type === 'RecordInvoiceDocument') {
    const number = state.byBooking[command.bookingId];
    // Only an invoice of this series, once: a document, once issued, never changes.
    if (!number || state.documented[command.bookingId]) return [];
    return [{ type: 'InvoiceDocumentRecorded', data: { bookingId: command.bookingId, number, asOfPosition: command.asOfPosition, document: command.document } }];
  }
  if (state.byBooking[command.bookingId]) return [];
  const sequence = state.last + 1;
  return [{
    type: 'InvoiceNumberAssigned',
    data: {
      bookingId: command.bookingId, paymentId: command.paymentId, year: command.year, sequence, number: invoiceNumber(command.year, sequence), issuedAt: command.now.toISOString(),
      document: command.document,
    },
  }];
}

export const invoiceNumbersDecider: Decider<InvoiceCommand, InvoiceEvent, InvoiceNumbersState> = {
  initialState: () => ({ last: 0, byBooking: {}, documented: {} }),
  evolve: (state, event) => {
    if (event.type === 'InvoiceDocumentRecorded') return { ...state, documented: { ...state.documented, [event.data.bookingId]: true } };
    return {
      last: event.data.sequence,
      byBooking: { ...state.byBooking, [event.data.bookingId]: event.data.number },
      documented: event.data.document ? { ...state.documented, [event.data.bookingId]: true } : state.documented,
    };
  },
  decide: decideInvoiceNumber,
};

/**
 * Gives a paid booking its invoice number in the series of the payment's year (Paris time), with the document
 * the invoice prints (`documentOf`, asked only when the booking has no number yet: see invoiceDocumentOf).
 */
export async function assignInvoiceNumber(
  eventStore: EventStore,
  input: { bookingId: string; paymentId: string; now: Date; documentOf: () => Promise<InvoiceRecord> },
  metadata: EventMetadata,
) {
  const year = Number(parisDay(input.now).slice(0, 4));
  const stream = streams.invoiceNumbers(year);
  const known = await readState(eventStore, stream, invoiceNumbersDecider);
  const number = known.state.byBooking[input.bookingId];
  if (number) return { number, position: known.position };
  const document = await input.documentOf();
  const result = await handleCommand(eventStore, stream, invoiceNumbersDecider, { type: 'AssignInvoiceNumber', bookingId: input.bookingId, paymentId: input.paymentId, now: input.now, year, document }, { metadata });
  return { number: result.state.byBooking[input.bookingId]!, position: result.position };
}
