import { randomUUID } from 'node:crypto';
import type { EventStore } from '@recup/infra/event-store/port';
import { WrongExpectedRevisionError } from '@recup/infra/event-store/port';
import { RecentMap } from '@recup/infra/cache/recent-map';
import { toDomainEvent, validateDomainEvent, type DomainEvent, type EventMetadata } from '@recup/shared-events';
import type { Precondition } from './precondition';

/** A pure decider: the state folded from a stream's events, and the events a command adds to it. */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

interface CommandContext {
  /** Metadata of the first event; each following event is caused by the one before it in the same chain. */
  metadata: EventMetadata;
  /** The edit's `If-Match`: refused (StaleEdit) when the stream recorded another's edit since the revision read. */
  precondition?: Precondition | null;
  /**
   * The stream's id was drawn just now (a new booking's): it is decided on at first without being read, and appended
   * to as a stream that must not exist. Should it exist after all, that append fails and the command is decided again
   * on what the stream holds, as after any other writer's append.
   */
  newStream?: boolean;
}

export interface HandleResult<Event, State> {
  events: Event[];
  eventIds: string[];
  state: State;
  /** Global position of the last event appended, or of the last event read when the command changed nothing. */
  position: number;
  revision: number;
}

const MAX_ATTEMPTS = 8;

/**
 * Commands on one stream run one after the other within this process: they would only conflict. Between
 * processes the expected revision still decides, and a conflict is retried.
 */
const streamQueues = new Map<string, Promise<unknown>>();

function inStreamOrder<T>(streamName: string, work: () => Promise<T>): Promise<T> {
  const previous = streamQueues.get(streamName) ?? Promise.resolve();
  const result = previous.then(work, work);
  const settled = result.then(() => undefined, () => undefined);
  streamQueues.set(streamName, settled);
  void settled.then(() => {
    if (streamQueues.get(streamName) === settled) streamQueues.delete(streamName);
  });
  return result;
}

/** How many streams' folded states each event store keeps at least (the least recently used are forgotten first). */
const FOLDED_STREAMS_KEPT = 20_000;

interface Folded {
  decider: unknown;
  state: unknown;
  revision: number;
  position: number;
}

/**
 * The last state folded of each stream, per event store and decider. Deciders are pure and their states never
 * change in place, so a state folded up to revision r stays the state at r: the next read of that stream only
 * reads what was appended after r (usually nothing) instead of the whole stream again. Another process's
 * appends are still read, since every read asks the store for the events after the state it starts from.
 */
const foldedStates = new WeakMap<EventStore, RecentMap<string, Folded>>();

function foldedOf(eventStore: EventStore, streamName: string, decider: unknown): Folded | null {
  const kept = foldedStates.get(eventStore)?.get(streamName);
  return kept && kept.decider === decider ? kept : null;
}

function keepFolded(eventStore: EventStore, streamName: string, folded: Folded) {
  let kept = foldedStates.get(eventStore);
  if (!kept) foldedStates.set(eventStore, (kept = new RecentMap(FOLDED_STREAMS_KEPT)));
  const current = kept.get(streamName);
  // A concurrent reader may have folded further already: keep the furthest.
  if (current && current.decider === folded.decider && current.revision > folded.revision) return;
  kept.set(streamName, folded);
}

export async function readState<Event extends DomainEvent, State>(
  eventStore: EventStore,
  streamName: string,
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
): Promise<{ state: State; revision: number; position: number }> {
  const from = foldedOf(eventStore, streamName, decider);
  const recorded = await eventStore.readStream(streamName, from ? { fromRevision: from.revision + 1 } : {});
  let state = from ? (from.state as State) : decider.initialState();
  for (const event of recorded) state = decider.evolve(state, toDomainEvent(event) as unknown as Event);
  const last = recorded.at(-1);
  const folded = { state, revision: last?.revision ?? from?.revision ?? -1, position: last?.position ?? from?.position ?? 0 };
  if (folded.revision >= 0) keepFolded(eventStore, streamName, { decider, ...folded });
  return folded;
}

/**
 * Read the stream, fold it, decide, and append with the expected revision. Another writer appending first
 * makes the append fail; the command is then decided again on the fresh state, a bounded number of times.
 */
export function handleCommand<Command, Event extends DomainEvent, State>(
  eventStore: EventStore,
  streamName: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext,
): Promise<HandleResult<Event, State>> {
  return inStreamOrder(streamName, () => decideAndAppend(eventStore, streamName, decider, command, context));
}

async function decideAndAppend<Command, Event extends DomainEvent, State>(
  eventStore: EventStore,
  streamName: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext,
): Promise<HandleResult<Event, State>> {
  for (let attempt = 1; ; attempt += 1) {
    // Taken for new, the stream is trusted to be so only by an append that succeeds: a refusal or nothing to do on
    // the empty state is decided again on what the stream holds.
    const assumedNew = attempt === 1 && context.newStream === true;
    const { state, revision, position } = assumedNew
      ? { state: decider.initialState(), revision: -1, position: 0 }
      : await readState(eventStore, streamName, decider);
    // Checked against the stream as read here: a later append by another writer fails the expected revision below
    // and this attempt starts again, checking again.
    await context.precondition?.assertFresh(eventStore, streamName, revision, context.metadata.correlationId);
    let events: Event[];
    try {
      events = decider.decide(command, state);
    } catch (error) {
      if (assumedNew) continue;
      throw error;
    }
    if (events.length === 0) {
      if (assumedNew) continue;
      return { events, eventIds: [], state, position, revision };
    }
    const eventIds: string[] = events.map(() => randomUUID());
    // As the log will hold them (and as a read gives them back): validated, defaults filled.
    const stored = events.map((event) => validateDomainEvent(event));
    try {
      const appended = await eventStore.appendToStream(
        streamName,
        stored.map((event, i) => ({
          id: eventIds[i]!,
          type: event.type,
          data: event.data as unknown,
          metadata: { ...context.metadata, causationId: i === 0 ? context.metadata.causationId : eventIds[i - 1]! },
        })),
        { expectedRevision: revision < 0 ? 'no_stream' : revision },
      );
      // Appended at exactly the revision read: nothing came between, so the state after these events is the stream's
      // state at the new revision, kept for the next read (deciders fold an event's type and data only).
      const after = stored.reduce(decider.evolve, state);
      keepFolded(eventStore, streamName, { decider, state: after, revision: appended.nextExpectedRevision, position: appended.position });
      return { events, eventIds, state: after, position: appended.position, revision: appended.nextExpectedRevision };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
