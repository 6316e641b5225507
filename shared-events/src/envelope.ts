import { z } from 'zod';
import { IsoDateTime, Role } from './primitives';

export const Actor = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), userId: z.string(), role: Role }),
  /** A process of our own: the seeder, a reactor, a scheduled job. */
  z.object({ type: z.literal('system'), name: z.string() }),
]);
export type Actor = z.infer<typeof Actor>;

export const EventMetadata = z.object({
  actor: Actor,
  /** Shared by every event that one user action or one process run caused. */
  correlationId: z.string(),
  /** The id of the command or event that directly caused this one. */
  causationId: z.string(),
  occurredAt: IsoDateTime,
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/** An event as read back from the store, with its place in its stream and in the global log. */
export interface RecordedEvent<Type extends string = string, Data = unknown> {
  readonly id: string;
  readonly streamName: string;
  /** 0-based position of the event in its stream. */
  readonly revision: number;
  /** Position in the global log: strictly increasing across all streams. */
  readonly position: number;
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
  readonly recordedAt: string;
}
