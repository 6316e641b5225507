import Fastify, { type FastifyServerOptions } from 'fastify';
import { mailReactor } from '@recup/command-api/reactors/mail-reactor';
import { startReactors, type ReactorCheckpoint } from '@recup/command-api/reactors/reactor';
import { courseKeeper } from '@recup/command-api/reactors/course-keeper';
import { refundKeeper } from '@recup/command-api/reactors/refund-keeper';
import { spotKeeper } from '@recup/command-api/reactors/spot-keeper';
import type { Clock } from '@recup/infra/clock';
import type { ServiceConfig } from '@recup/infra/config';
import type { InProcessProjectionProgress } from '@recup/infra/consistency/projection-progress';
import type { EventStore } from '@recup/infra/event-store/port';
import type { Mailer } from '@recup/infra/mail/port';
import type { PaymentGateway } from '@recup/infra/payments/port';
import type { ReadStore } from '@recup/infra/read-store/port';
import { startProjector, type Logger } from '@recup/projector';
import { registerHealth } from './health';

export interface ProjectorAdapters {
  eventStore: EventStore;
  readStore: ReadStore;
  /** Told of each position reached, when a query API shares this process (tests). */
  progress?: Pick<InProcessProjectionProgress, 'advance'>;
  payments: PaymentGateway;
  mailer: Mailer;
  clock: Clock;
}

export interface ProjectorServiceOptions {
  config: Pick<ServiceConfig<'projector'>, 'PUBLIC_URL'>;
  logger?: FastifyServerOptions['logger'];
  projectorLogger?: Logger;
}

/**
 * The projector with the reactors, as a service of its own: builds the read models from the log, expires
 * holds, repairs half-done bookings, retries refunds and sends the e-mails. Its HTTP server only tells its
 * health: ready once it has caught up with the log.
 */
export async function createProjectorService(adapters: ProjectorAdapters, options: ProjectorServiceOptions) {
  const { eventStore, readStore, progress, payments, mailer, clock } = adapters;
  const projector = await startProjector({ eventStore, readStore, progress, logger: options.projectorLogger });
  const reactors = await startReactors({
    eventStore,
    checkpoints: readStore.collection<ReactorCheckpoint>('reactorCheckpoints'),
    reactors: [
      spotKeeper(eventStore, payments, clock),
      refundKeeper(eventStore, payments, clock),
      courseKeeper(eventStore, payments, clock),
      mailReactor(eventStore, mailer, { siteUrl: options.config.PUBLIC_URL ?? 'http://localhost:8080', now: () => clock.now() }),
    ],
    now: () => clock.now(),
    logger: options.projectorLogger,
  });
  let caughtUp = false;
  const ready = Promise.all([projector.caughtUp, reactors.caughtUp]).then(() => {
    caughtUp = true;
  });

  const app = Fastify({ logger: options.logger ?? false });
  registerHealth(app, 'projector', async () => {
    if (!caughtUp) throw new Error(`catching up with the log (position ${projector.position()})`);
    await readStore.collection('reactorCheckpoints').findOne({ _id: 'health' });
  });

  return {
    app,
    projector,
    reactors,
    /** Resolves once the projector and every reactor have handled the whole log as it stood at start. */
    ready,
    async close() {
      await app.close();
      await reactors.close();
      await projector.close();
    },
  };
}
