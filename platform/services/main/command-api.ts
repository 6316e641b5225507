import { loadServiceConfig, sellerOf } from '@recup/infra/config';
import { openAdapters } from '@recup/infra/launcher/adapters';
import { createCommandApiService } from '../command-api';
import { runService, serveWith, serviceLogger } from './run';

/** The command API service (distributed mode): `node dist/platform/services/command-api.mjs`. */
runService('command-api', async () => {
  const config = loadServiceConfig('command-api');
  // Each invoice records the seller configured when it is issued.
  const seller = sellerOf(config);
  const adapters = await openAdapters(config);
  return serveWith(
    adapters,
    (opened) => createCommandApiService(
      opened,
      { config: { ...config, seller, SESSION_SECRET: config.SESSION_SECRET! }, logger: serviceLogger(config.LOG_LEVEL), seed: config.SEED_DEMO_DATA === 'true',
        authRateLimitPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE },
    ),
    { host: config.HOST, port: config.PORT },
    (service) => {
      if (service.seed?.seeded) console.log(`command-api: seeded ${service.seed.centres} training centres and ${service.seed.courses} courses`);
    },
  );
});
