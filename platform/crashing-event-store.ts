import type { EventStore, EventToAppend } from '@recup/infra/event-store/port';
import { ForwardingEventStore } from './forwarding-event-store';

/**
 * The event store every part of the platform writes through, which dies once on the next append that matches: the
 * process stopping between two steps of one command, as a crash would leave the log (the house's way of dying
 * between two steps, as in `money-crash-windows.int.spec.ts`).
 */
export class CrashingEventStore extends ForwardingEventStore {
  private crashOn: Array<(stream: string, events: readonly EventToAppend[]) => boolean> = [];
  crashed = 0;

  /**
   * The next append to a stream of this category holding an event of this type fails, once. Called again before it
   * happened, another append fails too (each once): a command that would undo its first step on a failure dies
   * before undoing it, as a killed process would.
   */
  crashBefore(type: string, category?: string) {
    this.crashOn.push((stream, events) => events.some((e) => e.type === type) && (!category || stream.startsWith(`${category}-`)));
  }

  override async appendToStream(...args: Parameters<EventStore['appendToStream']>) {
    const [stream, events] = args;
    const rule = this.crashOn.findIndex((crashes) => crashes(stream, events));
    if (rule >= 0) {
      this.crashOn.splice(rule, 1);
      this.crashed += 1;
      throw new Error(`crash before appending ${events.map((e) => e.type).join(', ')} to ${stream}`);
    }
    return this.store.appendToStream(...args);
  }
}
