import { loadServiceConfig, sellerOf } from '@recup/infra/config';
import { openAdapters } from '@recup/infra/launcher/adapters';
import { allProjections } from '@recup/projector';
import { createQueryApiService } from '../query-api';
import { runService, serveWith, serviceLogger } from './run';

/** The query API service (distributed mode): `node dist/platform/services/query-api.mjs`. */
runService('query-api', async () => {
  const config = loadServiceConfig('query-api');
  const seller = sellerOf(config);
  // Its progress is read from the checkpoints of the projections the projector runs.
  const adapters = await openAdapters(config, { projections: allProjections.map((projection) => projection.name) });
  return serveWith(
    adapters,
    (opened) => createQueryApiService(opened, { config: { ...config, seller, SESSION_SECRET: config.SESSION_SECRET! }, logger: serviceLogger(config.LOG_LEVEL) }),
    { host: config.HOST, port: config.PORT },
  );
});
