import type { FastifyServerOptions } from 'fastify';
import { commandApi } from '@recup/command-api';
import { BackgroundTasks } from '@recup/command-api/core/background';
import { seedDemoData, type SeedResult } from '@recup/command-api/seed/seed-demo';
import { randomIds, type Clock, type IdGenerator } from '@recup/infra/clock';
import type { ServiceConfig } from '@recup/infra/config';
import type { EventStore } from '@recup/infra/event-store/port';
import { createHttpServer, type ServerTimeouts } from '@recup/infra/launcher/http-server';
import { siteAddresses } from '@recup/infra/http/site-addresses';
import type { Mailer } from '@recup/infra/mail/port';
import type { PaymentGateway } from '@recup/infra/payments/port';
import type { RateLimitStore } from '@recup/infra/rate-limit/port';
import { DEMO_SELLER, type SellerIdentity } from '@recup/infra/seller-identity';
import type { SessionStore } from '@recup/infra/sessions/port';
import type { ProcessorStore } from '@recup/infra/processor-store/port';
import { registerHealth } from './health';

interface CommandApiAdapters {
  eventStore: EventStore;
  sessionStore: SessionStore;
  payments: PaymentGateway;
  mailer: Mailer;
  clock: Clock;
  /** The rate limits' counters (MongoDB when MONGODB_URL is set: every replica shares one budget). */
  rateLimitStore?: RateLimitStore;
  /** The reactors' processor store: an administrator's retry of a parked event is recorded there. */
  processorStore?: Pick<ProcessorStore, 'requestRetry'>;
}

interface CommandApiServiceOptions {
  config: { SESSION_SECRET: string; secureCookies: boolean; seller?: SellerIdentity } & Partial<Pick<ServiceConfig<'command-api'>, 'PUBLIC_URL' | 'BOOKING_HOLD_MINUTES' | 'REFUND_CUTOFF_HOURS' | 'TRANSFER_CUTOFF_DAYS' | 'WAITLIST_OFFER_HOURS' | 'TRUST_PROXY'>>;
  timeouts?: Partial<ServerTimeouts>;
  logger?: FastifyServerOptions['logger'];
  ids?: IdGenerator;
  /** Seeds the demo centres, courses and accounts into an empty event store. */
  seed?: boolean;
  authRateLimitPerMinute?: number;
}

/** The command API as a service of its own: every write of `/api`, behind the gateway. */
export async function createCommandApiService(adapters: CommandApiAdapters, options: CommandApiServiceOptions) {
  const { eventStore, sessionStore, payments, mailer, clock, rateLimitStore } = adapters;
  const ids = options.ids ?? randomIds;
  // Who sells, recorded on every invoice issued here (SELLER_*; the demonstration seller by default, as the query API's).
  const seller = options.config.seller ?? DEMO_SELLER;
  const seed: SeedResult | null = options.seed ? await seedDemoData({ eventStore, clock, ids, payments, seller }) : null;
  const background = new BackgroundTasks();
  const sessions = { store: sessionStore, secret: options.config.SESSION_SECRET, secure: options.config.secureCookies, now: () => clock.now().getTime() };
  const app = await createHttpServer({
    logger: options.logger,
    // Behind the gateway: TRUST_PROXY names it, so that rate limits count the browser's address, not the gateway's.
    trustProxy: options.config.TRUST_PROXY ?? false,
    hsts: options.config.secureCookies,
    timeouts: options.timeouts,
    site: siteAddresses(options.config.PUBLIC_URL),
    registerApis: async (root) => {
      registerHealth(root, 'command-api', async () => {
        await eventStore.headPosition();
      });
      await root.register(commandApi, {
        eventStore, payments, sessions, mailer, background, clock, ids, seller, rateLimitStore, processors: adapters.processorStore,
        // The projector's reactors fall back on the gateway's address too: every e-mail link names one host.
        publicUrl: options.config.PUBLIC_URL ?? 'http://localhost:8080', authRateLimitPerMinute: options.authRateLimitPerMinute,
        bookingHoldMinutes: options.config.BOOKING_HOLD_MINUTES, refundCutoffHours: options.config.REFUND_CUTOFF_HOURS, transferCutoffDays: options.config.TRANSFER_CUTOFF_DAYS,
        waitlistOfferHours: options.config.WAITLIST_OFFER_HOURS,
      });
    },
  });
  return {
    app,
    seed,
    background,
    async close() {
      await app.close();
      await background.idle();
    },
  };
}
