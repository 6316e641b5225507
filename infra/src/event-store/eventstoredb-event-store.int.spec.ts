import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { eventStoreContract } from '../testing/event-store.contract';

/**
 * The contract against a real EventStoreDB when EVENTSTORE_URL is set (e.g. esdb://localhost:2113?tls=false).
 * Every test writes to streams of its own, so reruns against a shared server do not see each other.
 */
const url = process.env.EVENTSTORE_URL;

eventStoreContract(
  'EventStoreDB at EVENTSTORE_URL',
  async () => {
    let store = new EventStoreDbEventStore(url!);
    return {
      store,
      async reopen() {
        await store.close();
        store = new EventStoreDbEventStore(url!);
        return store;
      },
      dispose: () => store.close(),
    };
  },
  { skip: url ? undefined : 'EVENTSTORE_URL is not set' },
);
