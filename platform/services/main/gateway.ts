import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadServiceConfig } from '@recup/infra/config';
import { createGateway } from '../gateway';
import { runService, serviceLogger } from './run';

/** The web/gateway service (distributed mode): `node dist/platform/services/gateway.mjs`. */
runService('gateway', async () => {
  const config = loadServiceConfig('gateway');
  // The bundle sits in dist/platform/services/: the web app is built into web/dist of the same tree.
  const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const { app } = await createGateway({
    commandApiUrl: config.COMMAND_API_URL,
    queryApiUrl: config.QUERY_API_URL,
    webDist: config.WEB_DIST ?? join(repoRoot, 'web', 'dist'),
    trustProxy: config.TRUST_PROXY,
    hsts: config.secureCookies,
    publicUrl: config.PUBLIC_URL,
    logger: serviceLogger(config.LOG_LEVEL),
    log: (message) => console.log(`gateway: ${message}`),
  });
  const address = await app.listen({ host: config.HOST, port: config.PORT });
  return { address, close: () => app.close() };
});
