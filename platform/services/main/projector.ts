import { loadServiceConfig, sellerOf } from '@recup/infra/config';
import { openAdapters } from '@recup/infra/launcher/adapters';
import { createProjectorService } from '../projector';
import { runService, serveWith, serviceLogger } from './run';

/** The projector service with the reactors (distributed mode): `node dist/platform/services/projector.mjs`. */
runService('projector', async () => {
  const config = loadServiceConfig('projector');
  // The reactors issue invoices too (a payment settled after a crash): they record the configured seller.
  const seller = sellerOf(config);
  const adapters = await openAdapters(config);
  return serveWith(
    adapters,
    (opened) => createProjectorService(opened, {
      config: { ...config, seller },
      logger: serviceLogger(config.LOG_LEVEL),
      projectorLogger: { info: (m) => console.log(`projector: ${m}`), warn: (m) => console.warn(`projector: ${m}`), error: (m, e) => console.error(`projector: ${m}`, e) },
    }),
    { host: config.HOST, port: config.PORT },
    (service) => void service.ready.then(() => console.log(`projector: caught up at position ${service.projector.position()}`)),
  );
});
