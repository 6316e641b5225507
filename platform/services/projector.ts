import Fastify, { type FastifyServerOptions } from 'fastify';
import { platformReactors } from '@recup/command-api/reactors/platform-reactors';
import { startReactors } from '@recup/command-api/reactors/reactor';
import type { Clock } from '@recup/infra/clock';
import type { ServiceConfig } from '@recup/infra/config';
import { DEMO_SELLER, type SellerIdentity } from '@recup/infra/seller-identity';
import type { InProcessProjectionProgress } from '@recup/infra/consistency/projection-progress';
import type { EventStore } from '@recup/infra/event-store/port';
import type { ProcessorStore } from '@recup/infra/processor-store/port';
import type { Mailer } from '@recup/infra/mail/port';
import type { PaymentGateway } from '@recup/infra/payments/port';
import type { ReadStore } from '@recup/infra/read-store/port';
import { startProjector, type Logger } from '@recup/projector';
import { serverTimeoutOptions, type ServerTimeouts } from '@recup/infra/launcher/http-server';
import { registerHealth } from './health';

interface ProjectorAdapters {
  eventStore: EventStore;
  /** The reactors' checkpoints, duties and parked events, beside the log. */
  processorStore: ProcessorStore;
  readStore: ReadStore;
  /** Told of each position reached, when a query API shares this process (tests). */
  progress?: Pick<InProcessProjectionProgress, 'advance'>;
  payments: PaymentGateway;
  mailer: Mailer;
  clock: Clock;
}

interface ProjectorServiceOptions {
  config: Pick<ServiceConfig<'projector'>, 'PUBLIC_URL'> & Partial<Pick<ServiceConfig<'projector'>, 'REFUND_CUTOFF_HOURS' | 'TRANSFER_CUTOFF_DAYS' | 'REMINDER_DAYS' | 'WAITLIST_OFFER_HOURS'>> & { seller?: SellerIdentity };
  logger?: FastifyServerOptions['logger'];
  projectorLogger?: Logger;
  timeouts?: Partial<ServerTimeouts>;
}

/**
 * The projector with the reactors, as a service of its own: builds the read models from the log, expires
 * holds, repairs half-done bookings, retries refunds and sends the e-mails. Its HTTP server only tells its
 * health: ready once it has caught up with the log.
 */
export async function createProjectorService(adapters: ProjectorAdapters, options: ProjectorServiceOptions) {
  const { eventStore, processorStore, readStore, progress, payments, mailer, clock } = adapters;
  const projector = await startProjector({ eventStore, readStore, progress, logger: options.projectorLogger });
  const reactors = await startReactors({
    eventStore,
    store: processorStore,
    reactors: await platformReactors({
      eventStore, duties: processorStore, payments, mailer, clock, seller: options.config.seller ?? DEMO_SELLER, logger: options.projectorLogger, siteUrl: options.config.PUBLIC_URL ?? 'http://localhost:8080',
      refundCutoffHours: options.config.REFUND_CUTOFF_HOURS, reminderDays: options.config.REMINDER_DAYS, transferCutoffDays: options.config.TRANSFER_CUTOFF_DAYS,
      waitlistOfferHours: options.config.WAITLIST_OFFER_HOURS,
    }),
    now: () => clock.now(),
    logger: options.projectorLogger,
  });
  let caughtUp = false;
  const ready = Promise.all([projector.caughtUp, reactors.caughtUp]).then(() => {
    caughtUp = true;
  });

  const app = Fastify({ logger: options.logger ?? false, ...serverTimeoutOptions(options.timeouts) });
  registerHealth(app, 'projector', async () => {
    if (!caughtUp) throw new Error(`catching up with the log (position ${projector.position()})`);
    await readStore.collection('checkpoints').findOne({ _id: 'health' });
  }, async () => ({ parkedEvents: await processorStore.countParked() }));

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
