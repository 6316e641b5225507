import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Actor, EventMetadata } from '@recup/shared-events';

/**
 * Metadata for the events of one command: who acted, the correlation shared by everything this request
 * causes, and the command itself as the cause of the first event.
 */
export function commandMetadata(actor: Actor, now: Date, correlationId: string = randomUUID()): EventMetadata {
  return { actor, correlationId, causationId: `command:${randomUUID()}`, occurredAt: now.toISOString() };
}

/** The metadata of the next step of a process, caused by an event of the previous step. */
export function followUp(metadata: EventMetadata, causedByEventId: string, now: Date): EventMetadata {
  return { ...metadata, causationId: causedByEventId, occurredAt: now.toISOString() };
}

const CORRELATION_HEADER = 'x-correlation-id';

export function requestCorrelationId(request: FastifyRequest): string {
  const header = request.headers[CORRELATION_HEADER];
  return typeof header === 'string' && /^[\w-]{8,64}$/.test(header) ? header : request.id;
}
