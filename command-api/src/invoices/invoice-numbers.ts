import { streams, type EventMetadata, type InvoiceEvent, type InvoiceRecord } from '@recup/shared-events';
import type { EventStore } from '@recup/infra/event-store/port';
import { parisDay } from '@recup/infra/time/paris';
import { bucketGet, bucketSet, emptyBucketMap, type BucketMap } from '../core/bucket-map';
import { handleCommand, readState, type Decider } from '../core/decider';

type InvoiceNumbersState = {
  last: number;
  /** The first invoice of each booking (maps that grow with the year's series: one bucket copied per event). */
  byBooking: BucketMap<string>;
  /** The invoice of each move of a paid booking, by its BookingMoved event's id. */
  byMove: BucketMap<string>;
  /** The bookings whose invoice has its document recorded (in its number's event or after it). */
  documented: BucketMap<true>;
};
/** `replaces`: the invoice of a move, which replaces (and cancels by its credit note) the invoice in force before it. */
type AssignInvoiceNumber = {
  type: 'AssignInvoiceNumber'; bookingId: string; paymentId: string; year: number; now: Date; document: InvoiceRecord; replaces?: { number: string; movedEventId: string };
};
/** The document of an invoice numbered before documents were recorded, as the log stood at its number. */
type RecordInvoiceDocument = { type: 'RecordInvoiceDocument'; bookingId: string; asOfPosition: number; document: InvoiceRecord };
type InvoiceCommand = AssignInvoiceNumber | RecordInvoiceDocument;

function invoiceNumber(year: number, sequence: number): string {
  return `RP-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * The next number of the series, once per booking: asking again for the same booking gives nothing new. The
 * invoice's document is recorded with its number: what it prints is fixed as it is issued.
 */
function decideInvoiceNumber(command: InvoiceCommand, state: InvoiceNumbersState): InvoiceEvent[] {
  if (command.type === 'RecordInvoiceDocument') {
    const number = bucketGet(state.byBooking, command.bookingId);
    // Only an invoice of this series, once: a document, once issued, never changes.
    if (!number || bucketGet(state.documented, command.bookingId)) return [];
    return [{ type: 'InvoiceDocumentRecorded', data: { bookingId: command.bookingId, number, asOfPosition: command.asOfPosition, document: command.document } }];
  }
  if (command.replaces ? bucketGet(state.byMove, command.replaces.movedEventId) : bucketGet(state.byBooking, command.bookingId)) return [];
  const sequence = state.last + 1;
  return [{
    type: 'InvoiceNumberAssigned',
    data: {
      bookingId: command.bookingId, paymentId: command.paymentId, year: command.year, sequence, number: invoiceNumber(command.year, sequence), issuedAt: command.now.toISOString(),
      document: command.document, ...(command.replaces ? { replaces: command.replaces } : {}),
    },
  }];
}

export const invoiceNumbersDecider: Decider<InvoiceCommand, InvoiceEvent, InvoiceNumbersState> = {
  initialState: () => ({ last: 0, byBooking: emptyBucketMap(), byMove: emptyBucketMap(), documented: emptyBucketMap() }),
  evolve: (state, event) => {
    if (event.type === 'InvoiceDocumentRecorded') return { ...state, documented: bucketSet(state.documented, event.data.bookingId, true) };
    const { replaces } = event.data;
    if (replaces) return { ...state, last: event.data.sequence, byMove: bucketSet(state.byMove, replaces.movedEventId, event.data.number) };
    return {
      ...state,
      last: event.data.sequence,
      byBooking: bucketSet(state.byBooking, event.data.bookingId, event.data.number),
      documented: event.data.document ? bucketSet(state.documented, event.data.bookingId, true as const) : state.documented,
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
  input: { bookingId: string; paymentId: string; now: Date; documentOf: () => Promise<InvoiceRecord>; replaces?: { number: string; movedEventId: string } },
  metadata: EventMetadata,
) {
  const year = Number(parisDay(input.now).slice(0, 4));
  const stream = streams.invoiceNumbers(year);
  const numberIn = (state: InvoiceNumbersState) => (input.replaces ? bucketGet(state.byMove, input.replaces.movedEventId) : bucketGet(state.byBooking, input.bookingId));
  const known = await readState(eventStore, stream, invoiceNumbersDecider);
  const number = numberIn(known.state);
  if (number) return { number, position: known.position };
  const document = await input.documentOf();
  const result = await handleCommand(eventStore, stream, invoiceNumbersDecider, {
    type: 'AssignInvoiceNumber', bookingId: input.bookingId, paymentId: input.paymentId, now: input.now, year, document, ...(input.replaces ? { replaces: input.replaces } : {}),
  }, { metadata });
  return { number: numberIn(result.state)!, position: result.position };
}

/** The first invoice of a booking, looked for in the series of the years from its payment's to now. */
export async function firstInvoiceNumber(eventStore: EventStore, bookingId: string, from: Date, to: Date): Promise<string | null> {
  for (let year = Number(parisDay(from).slice(0, 4)); year <= Number(parisDay(to).slice(0, 4)); year += 1) {
    const known = await readState(eventStore, streams.invoiceNumbers(year), invoiceNumbersDecider);
    const number = bucketGet(known.state.byBooking, bookingId);
    if (number) return number;
  }
  return null;
}
