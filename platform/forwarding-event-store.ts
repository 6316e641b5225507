import type { EventStore } from '@recup/infra/event-store/port';

/**
 * An event store in front of another that passes every call through: a test's store that changes only how events
 * are appended (a crash, an older version's shape) extends it and overrides `appendToStream`.
 */
export class ForwardingEventStore implements EventStore {
  constructor(protected readonly store: EventStore) {}

  appendToStream(...args: Parameters<EventStore['appendToStream']>) {
    return this.store.appendToStream(...args);
  }
  readStream(...args: Parameters<EventStore['readStream']>) {
    return this.store.readStream(...args);
  }
  readAll(...args: Parameters<EventStore['readAll']>) {
    return this.store.readAll(...args);
  }
  readAllPages(...args: Parameters<EventStore['readAllPages']>) {
    return this.store.readAllPages(...args);
  }
  subscribeToAll(...args: Parameters<EventStore['subscribeToAll']>) {
    return this.store.subscribeToAll(...args);
  }
  headPosition() {
    return this.store.headPosition();
  }
  close() {
    return this.store.close();
  }
}
