import { EmbeddedMingoReadStore } from './embedded-mingo-read-store';
import { readStoreContract } from './read-store.contract';

readStoreContract('embedded mingo', async () => {
  const store = new EmbeddedMingoReadStore();
  return { store, dispose: () => store.close() };
});
