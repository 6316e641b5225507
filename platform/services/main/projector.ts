import { loadServiceConfig } from '@recup/infra/config';
import { openAdapters } from '@recup/infra/launcher/adapters';
import { stripeGatewayFromConfig } from '@recup/infra/payments/stripe-gateway';
import { createProjectorService } from '../projector';
import { runService, serviceLogger } from './run';

/** The projector service with the reactors (distributed mode): `node dist/platform/services/projector.mjs`. */
runService('projector', async () => {
  const config = loadServiceConfig('projector');
  const stripe = stripeGatewayFromConfig(config);
  const adapters = await openAdapters(config);
  try {
    const service = await createProjectorService(
      { ...adapters, payments: stripe ?? adapters.testGateway },
      {
        config,
        logger: serviceLogger(config.LOG_LEVEL),
        projectorLogger: { info: (m) => console.log(`projector: ${m}`), warn: (m) => console.warn(`projector: ${m}`), error: (m, e) => console.error(`projector: ${m}`, e) },
      },
    );
    const address = await service.app.listen({ host: config.HOST, port: config.PORT });
    void service.ready.then(() => console.log(`projector: caught up at position ${service.projector.position()}`));
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
