import type { EventStore } from '@recup/infra/event-store/port';
import { PARIS } from '@recup/infra/time/paris';
import { streams, type RecordedEvent } from '@recup/shared-events';
import type { HistoryCategory, HistoryEvent, StreamHistoryResponse } from '../contracts';

export type StreamHistory = StreamHistoryResponse;

const streamOf: Record<HistoryCategory, (id: string) => string> = {
  booking: streams.booking,
  payment: streams.payment,
  course: streams.course,
  user: streams.user,
  organization: streams.organization,
};

export const REDACTED = '[redacted]';
/** Never shown, even to an administrator: password hashes, token hashes, secrets. */
const SECRET_KEY = /hash$|password|secret|token/i;

/**
 * The history of one aggregate for an audit: every event of its stream, oldest first. A booking's history
 * also holds the events of its payments (intent, success, failure, refund), which live in their own
 * streams; all are in global order. Null when the stream does not exist.
 */
export async function readStreamHistory(eventStore: EventStore, category: HistoryCategory, id: string): Promise<StreamHistory | null> {
  const main = streamOf[category](id);
  const events = await eventStore.readStream(main);
  if (events.length === 0) return null;
  const names = [main];
  if (category === 'booking') {
    for (const paymentId of new Set(events.flatMap(paymentIdOf))) {
      const stream = streams.payment(paymentId);
      names.push(stream);
      events.push(...(await eventStore.readStream(stream)));
    }
  }
  events.sort((a, b) => a.position - b.position);
  return { category, id, streams: names, events: events.map(toHistoryEvent) };
}

function paymentIdOf(event: RecordedEvent): string[] {
  const data = event.data as { paymentId?: unknown };
  return (event.type === 'BookingPaymentStarted' || event.type === 'BookingConfirmed') && typeof data.paymentId === 'string' ? [data.paymentId] : [];
}

function toHistoryEvent(event: RecordedEvent): HistoryEvent {
  const { actor, correlationId, causationId, occurredAt } = event.metadata;
  return {
    stream: event.streamName,
    revision: event.revision,
    position: event.position,
    type: event.type,
    occurredAt,
    occurredAtParis: parisIso(new Date(occurredAt)),
    recordedAt: event.recordedAt,
    actor,
    correlationId,
    causationId,
    data: redactSecrets(event.data),
  };
}

/** The data with every secret-looking field (password and token hashes) replaced, at any depth. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? REDACTED : redactSecrets(inner)]));
}

const parisParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: PARIS, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset',
});

/** The instant as Paris sees it, in ISO 8601 with its offset: `2026-11-21T10:00:00+01:00`. */
export function parisIso(date: Date): string {
  const p = Object.fromEntries(parisParts.formatToParts(date).map((part) => [part.type, part.value]));
  const offset = p.timeZoneName === 'GMT' ? '+00:00' : String(p.timeZoneName).replace('GMT', '');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offset}`;
}
