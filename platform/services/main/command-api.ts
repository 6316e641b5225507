import { loadServiceConfig } from '@recup/infra/config';
import { openAdapters } from '@recup/infra/launcher/adapters';
import { stripeGatewayFromConfig } from '@recup/infra/payments/stripe-gateway';
import { createCommandApiService } from '../command-api';
import { runService, serviceLogger } from './run';

/** The command API service (distributed mode): `node dist/platform/services/command-api.mjs`. */
runService('command-api', async () => {
  const config = loadServiceConfig('command-api');
  const stripe = stripeGatewayFromConfig(config);
  const adapters = await openAdapters(config);
  try {
    const service = await createCommandApiService(
      { ...adapters, payments: stripe ?? adapters.testGateway, testGateway: stripe ? undefined : adapters.testGateway },
      { config: { ...config, SESSION_SECRET: config.SESSION_SECRET! }, logger: serviceLogger(config.LOG_LEVEL), seed: config.SEED_DEMO_DATA === 'true' },
    );
    if (service.seed?.seeded) console.log(`command-api: seeded ${service.seed.centres} training centres and ${service.seed.courses} courses`);
    const address = await service.app.listen({ host: config.HOST, port: config.PORT });
    return {
      address,
      async close() {
        await service.close();
        await adapters.close();
      },
    };
  } catch (error) {
    await adapters.close();
    throw error;
  }
});
