import type { RecordedEvent } from '@recup/shared-events';

/**
 * The processor store port: what the reactors keep beside the event log, where no rebuild of the read models
 * reaches: each processor's checkpoint, its duties (work due at a time, and the small tables a processor folds
 * from the log), and the events a handler kept failing on (parked). The embedded adapter keeps them in the event
 * store's own SQLite file (they live and die with the log they point into); the production one in MongoDB
 * collections that no projection owns.
 */
export interface StoredDuty {
  /** The processor the duty belongs to. */
  readonly reactor: string;
  /** Unique within the processor. */
  readonly key: string;
  /** When it falls due, in ms since the epoch. */
  readonly dueAt: number;
  readonly data: Record<string, unknown>;
}

/** An event a processor's handler kept failing on, set aside so that the events after it go on. */
export interface ParkedEvent {
  /** `<reactor>:<event id>`: one record per processor and event, whatever the number of times it was parked. */
  readonly id: string;
  readonly reactor: string;
  readonly position: number;
  readonly event: RecordedEvent;
  /** The last error's message. */
  readonly error: string;
  /** Tries so far (the automatic ones, then each retry an administrator asked for). */
  readonly attempts: number;
  /** ISO time it was parked (again, after a failed retry). */
  readonly parkedAt: string;
  /** ISO time an administrator asked for a retry that has not run yet, or null. */
  readonly retryRequestedAt: string | null;
}

export interface ProcessorStore {
  /** The processor's checkpoint (the position of the last event it is done with), or null when it has none. */
  checkpoint(processor: string): Promise<number | null>;
  saveCheckpoint(processor: string, position: number): Promise<void>;
  /** Several processors' checkpoints in one write of the store (each one a position its processor is done with, so one written without the others is still true). */
  saveCheckpoints(positions: Readonly<Record<string, number>>): Promise<void>;

  /**
   * Adds or replaces the duty of this processor under this key. Duty writes (put, reschedule, remove) are seen at once
   * by this store's reads, and are durable no later than the next `saveCheckpoint` of any processor: an adapter may
   * keep them until then and write them with it, never a checkpoint without the duty writes asked for before it.
   */
  putDuty(duty: StoredDuty): Promise<void>;
  duty(reactor: string, key: string): Promise<StoredDuty | null>;
  rescheduleDuty(reactor: string, key: string, dueAt: number): Promise<void>;
  removeDuty(reactor: string, key: string): Promise<void>;
  /** The processor's duties due by `now` (ms), oldest first, at most `limit`. */
  dueDuties(reactor: string, now: number, limit: number): Promise<StoredDuty[]>;
  /** The processor's duties whose data has this string in this (top-level) field. */
  dutiesWhere(reactor: string, field: string, value: string): Promise<StoredDuty[]>;
  countDuties(reactor: string): Promise<number>;

  /** Records a parked event (replacing the record of the same id). */
  park(parked: ParkedEvent): Promise<void>;
  /** Every parked event, oldest position first. */
  parkedEvents(): Promise<ParkedEvent[]>;
  parkedEvent(id: string): Promise<ParkedEvent | null>;
  /** Marks a parked event for a retry by its processor; false when there is no such parked event. */
  requestRetry(id: string, at: string): Promise<boolean>;
  /** Removes a parked event (its retry succeeded). */
  unpark(id: string): Promise<void>;
  countParked(): Promise<number>;

  close(): Promise<void>;
}

/** A field of a duty's data that `dutiesWhere` may look into: a plain name (it becomes part of a path). */
export function assertDutyField(field: string) {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`not a duty field: ${field}`);
}
