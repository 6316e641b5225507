import type { FastifyServerOptions } from 'fastify';
import { ConfigError } from '@recup/infra/config';
import { AdapterStartError } from '@recup/infra/launcher/adapters';
import { closeOnSignals } from '@recup/infra/launcher/shutdown';

/** Structured logs on standard output, as containers want them. */
export function serviceLogger(level: string): FastifyServerOptions['logger'] {
  return level === 'silent' ? false : { level };
}

/**
 * Starts one service of the distributed mode: a wrong configuration or an unreachable store stops it with
 * the variable's name (exit 2, which a restart policy will not mend); SIGTERM closes it in order.
 */
export function runService(name: string, start: () => Promise<{ address: string; close: () => Promise<void> }>) {
  start()
    .then(({ address, close }) => {
      closeOnSignals(close, (message) => console.log(`${name}: ${message.trim()}`));
      console.log(`${name} listening on ${address}`);
    })
    .catch((error: unknown) => {
      if (error instanceof ConfigError || error instanceof AdapterStartError) {
        console.error(`\n  ${name}: ${error.message}\n`);
        process.exit(2);
      }
      if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
        console.error(`\n  ${name}: port already in use: set PORT to a free port.\n`);
        process.exit(2);
      }
      console.error(error);
      process.exit(1);
    });
}

/**
 * Opens the service on its adapters and listens; the adapters are closed after the service, or at once when
 * the service cannot start.
 */
export async function serveWith<A extends { close(): Promise<void> }, S extends { app: { listen(options: { host: string; port: number }): Promise<string> }; close(): Promise<void> }>(
  adapters: A,
  create: (adapters: A) => Promise<S>,
  where: { host: string; port: number },
  started?: (service: S) => void,
): Promise<{ address: string; close: () => Promise<void> }> {
  try {
    const service = await create(adapters);
    const address = await service.app.listen(where);
    started?.(service);
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
}
