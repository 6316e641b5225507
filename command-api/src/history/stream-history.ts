import type { EventStore } from '@recup/infra/event-store/port';
import { parisDay, parisIsoString } from '@recup/infra/time/paris';
import { streams, type RecordedEvent } from '@recup/shared-events';
import type { HistoryCategory, HistoryEvent, StreamHistoryResponse } from '../contracts';
import { readState } from '../core/decider';
import { userDecider } from '../users/user-decider';

export type StreamHistory = StreamHistoryResponse;

const streamOf: Record<HistoryCategory, (id: string) => string> = {
  booking: streams.booking,
  payment: streams.payment,
  course: streams.course,
  user: streams.user,
  organization: streams.organization,
};

const REDACTED = '[redacted]';
/** Never shown, even to an administrator: password hashes, token hashes, secrets. */
const SECRET_KEY = /hash$|password|secret|token/i;

/**
 * The history of one aggregate for an audit: every event of its stream, oldest first, with the events of the
 * same money chain, which live in other streams. A booking's history holds its payments' events (intent,
 * success, failure, refund) and the invoice number its payment was given; a payment's history holds its
 * booking's events and that invoice number. So booking → payment → invoice → refund (and the credit note
 * that refund issues against the invoice) read as one story. All in global order; each event names who
 * acted (with the account's name) and the event that caused it. Null when the stream does not exist.
 */
export async function readStreamHistory(eventStore: EventStore, category: HistoryCategory, id: string): Promise<StreamHistory | null> {
  const main = streamOf[category](id);
  const events = await eventStore.readStream(main);
  if (events.length === 0) return null;
  const names = [main];
  const include = async (stream: string) => {
    if (names.includes(stream)) return;
    const linked = await eventStore.readStream(stream);
    if (linked.length === 0) return;
    names.push(stream);
    events.push(...linked);
  };
  if (category === 'booking') {
    for (const paymentId of new Set(events.flatMap(paymentIdOf))) await include(streams.payment(paymentId));
  }
  if (category === 'payment') {
    const bookingId = (events[0]?.data as { bookingId?: unknown }).bookingId;
    if (typeof bookingId === 'string') await include(streams.booking(bookingId));
  }
  if (category === 'booking' || category === 'payment') {
    const invoice = await findInvoiceEvent(eventStore, events);
    if (invoice) {
      names.push(invoice.streamName);
      events.push(invoice);
    }
  }
  events.sort((a, b) => a.position - b.position);
  const actorNames = await namesOf(eventStore, events);
  return { category, id, streams: names, events: events.map((event) => toHistoryEvent(event, actorNames)) };
}

/** The payments a booking's events name: its own attempts, and those of the differences of its moves. */
function paymentIdOf(event: RecordedEvent): string[] {
  const data = event.data as { paymentId?: unknown };
  const names = event.type === 'BookingPaymentStarted' || event.type === 'BookingConfirmed' || event.type === 'BookingMovePaymentStarted';
  return names && typeof data.paymentId === 'string' ? [data.paymentId] : [];
}

/** How far past a booking's confirmation its invoice number is looked for in the year's series. */
const INVOICE_WINDOW = 200;

/**
 * The invoice number given to a paid booking: in the series of the payment's year (Paris), just after the
 * confirmation that asked for it. The series is searched from that position (by halving on revisions), not
 * read whole: it holds every invoice of a year.
 */
async function findInvoiceEvent(eventStore: EventStore, events: RecordedEvent[]): Promise<RecordedEvent | null> {
  const confirmed = events.find((e) => e.type === 'BookingConfirmed' && (e.data as { by?: string }).by === 'payment');
  if (!confirmed) return null;
  const bookingId = (confirmed.data as { bookingId: string }).bookingId;
  const year = Number(parisDay(new Date(confirmed.metadata.occurredAt)).slice(0, 4));
  for (const candidate of [year, year + 1]) {
    const stream = streams.invoiceNumbers(candidate);
    const from = await firstRevisionAfter(eventStore, stream, confirmed.position - INVOICE_WINDOW);
    if (from === null) continue;
    const window = await eventStore.readStream(stream, { fromRevision: from, maxCount: INVOICE_WINDOW * 2 });
    const found = window.find((e) => (e.data as { bookingId?: unknown }).bookingId === bookingId);
    if (found) return found;
  }
  return null;
}

/** The first revision of a stream whose global position is above `position`, or null when none is. */
async function firstRevisionAfter(eventStore: EventStore, stream: string, position: number): Promise<number | null> {
  const past = async (revision: number) => {
    const [event] = await eventStore.readStream(stream, { fromRevision: revision, maxCount: 1 });
    return !event || event.position > position;
  };
  // Revisions up to `known` are at or below `position`; probe 0, 1, 2, 4, 8... for one that is not.
  let known = -1;
  let probe = 0;
  while (!(await past(probe))) {
    known = probe;
    probe = probe === 0 ? 1 : probe * 2;
  }
  let low = known + 1;
  let high = probe;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (await past(middle)) high = middle;
    else low = middle + 1;
  }
  const [event] = await eventStore.readStream(stream, { fromRevision: low, maxCount: 1 });
  return event ? low : null;
}

/** The names of the accounts that acted, as their streams say (a deleted account keeps its name here). */
async function namesOf(eventStore: EventStore, events: RecordedEvent[]): Promise<Map<string, string>> {
  const ids = new Set(events.flatMap((e) => (e.metadata.actor.type === 'user' ? [e.metadata.actor.userId] : [])));
  const names = new Map<string, string>();
  for (const userId of ids) {
    const { state } = await readState(eventStore, streams.user(userId), userDecider);
    if (state.status !== 'absent') names.set(userId, `${state.profile.firstName} ${state.profile.lastName}`.trim());
  }
  return names;
}

function toHistoryEvent(event: RecordedEvent, actorNames: Map<string, string>): HistoryEvent {
  const { actor, correlationId, causationId, occurredAt } = event.metadata;
  return {
    id: event.id,
    stream: event.streamName,
    revision: event.revision,
    position: event.position,
    type: event.type,
    occurredAt,
    occurredAtParis: parisIsoString(new Date(occurredAt)),
    recordedAt: event.recordedAt,
    actor,
    actorName: actor.type === 'user' ? (actorNames.get(actor.userId) ?? null) : null,
    correlationId,
    causationId,
    data: redactSecrets(event.data),
  };
}

/** The data with every secret-looking field (password and token hashes) replaced, at any depth. */
function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? REDACTED : redactSecrets(inner)]));
}

