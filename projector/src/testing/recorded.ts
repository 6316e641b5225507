import type { DomainEvent, RecordedDomainEvent } from '@recup/shared-events';

let nextPosition = 1;

/** An event as the store would give it back, for projection specs. */
export function recorded<E extends DomainEvent>(streamName: string, revision: number, event: E, position = nextPosition++): RecordedDomainEvent {
  return {
    id: `${streamName}@${revision}`,
    streamName,
    revision,
    position,
    type: event.type,
    data: event.data,
    metadata: { actor: { type: 'system', name: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-21T09:00:00.000Z' },
    recordedAt: '2026-11-21T09:00:00.000Z',
  } as RecordedDomainEvent;
}

/** Folds events through a projection's evolve, as the projector would, without a store. */
export function fold<D>(evolve: (doc: D | null, event: RecordedDomainEvent) => unknown, events: RecordedDomainEvent[]): D | null {
  return events.reduce<D | null>((doc, event) => evolve(doc, event) as D | null, null);
}
