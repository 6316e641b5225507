import type { FastifyServerOptions } from 'fastify';
import { commandApi } from '@recup/command-api';
import { seedDemoData } from '@recup/command-api/seed/seed-demo';
import { seedAdminDemo } from '@recup/command-api/seed/seed-admin-demo';
import { randomIds, type IdGenerator } from '@recup/infra/clock';
import type { Config } from '@recup/infra/config';
import { createHttpServer, type ServerTimeouts } from '@recup/infra/launcher/http-server';
import { BackgroundTasks } from '@recup/command-api/core/background';
import { startReactors, type Reactor, type RetryPolicy } from '@recup/command-api/reactors/reactor';
import { platformReactors } from '@recup/command-api/reactors/platform-reactors';
import { registerApiDocsPage } from '@recup/infra/http/openapi';
import { siteAddresses } from '@recup/infra/http/site-addresses';
import { mailboxRoutes } from '@recup/infra/mail/mailbox-routes';
import type { EmbeddedAdapters } from '@recup/infra/launcher/embedded-adapters';
import type { EventStore } from '@recup/infra/event-store/port';
import type { PaymentGateway } from '@recup/infra/payments/port';
import { DEMO_SELLER } from '@recup/infra/seller-identity';
import { startProjector, type Logger } from '@recup/projector';
import { queryApi } from '@recup/query-api';

export interface ComposeOptions {
  config: Pick<Config, 'SESSION_SECRET' | 'secureCookies'> & Partial<Pick<Config, 'PUBLIC_URL' | 'BOOKING_HOLD_MINUTES' | 'REFUND_CUTOFF_HOURS' | 'TRANSFER_CUTOFF_DAYS' | 'REMINDER_DAYS' | 'WAITLIST_OFFER_HOURS' | 'TRUST_PROXY' | 'seller' | 'PLATFORM_COMMISSION_PERCENT'>>;
  /** Request and header timeouts of the HTTP server (shorter in tests). */
  timeouts?: Partial<ServerTimeouts>;
  webDist?: string;
  /** The web app's server rendering (default: web/dist-ssr/entry-server.mjs beside webDist). */
  serverEntry?: string;
  ids?: IdGenerator;
  seed?: boolean;
  /** With the demo data, the demo centre's learners and bookings in every state (default true). */
  demoActivity?: boolean;
  /** With the seed: the administrators' demo (a centre awaiting approval, payments in every state). Tests leave it out unless asked. */
  adminDemo?: boolean;
  logger?: FastifyServerOptions['logger'];
  projectorLogger?: Logger;
  authRateLimitPerMinute?: number;
  /** The site's address in e-mails (the command API's and the reactors'), when PUBLIC_URL is not set. */
  siteUrl?: string;
  /** Another payment provider than the built-in test gateway (Stripe, when its keys are configured). */
  payments?: PaymentGateway;
  /** How often the reactors run the work that falls due with time (default 15 s). */
  sweepIntervalMs?: number;
  /** How a failing reactor handler is tried again before its event is parked (default 5 tries, from 1 s, doubling). */
  reactorRetry?: Partial<RetryPolicy>;
  /** Tests only: the platform's reactors as given to the runner (a test wraps one in a failing handler). */
  reactors?: (reactors: Reactor[]) => Reactor[];
}

/**
 * The whole platform in one process on the embedded adapters: the projector catches up with the log, the
 * demo data is seeded on an empty store, then the command API, the query API and the web app share one
 * HTTP server.
 */
export async function composeEmbeddedPlatform(adapters: Omit<EmbeddedAdapters, 'eventStore'> & { eventStore: EventStore }, options: ComposeOptions) {
  const ids = options.ids ?? randomIds;
  const { eventStore, processorStore, readStore, sessionStore, rateLimitStore, testGateway, progress, clock, mailer } = adapters;
  const background = new BackgroundTasks();
  const payments = options.payments ?? testGateway;
  const sessions = { store: sessionStore, secret: options.config.SESSION_SECRET, secure: options.config.secureCookies, now: () => clock.now().getTime() };

  // The read models are in this process's memory: an answered command's write is already in them.
  const projector = await startProjector({ eventStore, readStore, progress, logger: options.projectorLogger, prompt: true });
  await projector.caughtUp;
  // Who sells, on every invoice issued here (the demonstration seller when SELLER_* are not set, as the query API's).
  const seller = options.config.seller ?? DEMO_SELLER;
  const seed = options.seed ? await seedDemoData({ eventStore, clock, ids, payments, seller }, { centreActivity: options.demoActivity ?? true }) : null;
  if (seed?.seeded && options.adminDemo) await seedAdminDemo({ eventStore, payments, clock, ids, seller });
  // One address for every e-mail link, whichever service writes the e-mail and whatever host a request came to.
  const siteUrl = options.config.PUBLIC_URL ?? options.siteUrl ?? 'http://localhost:3000';
  const reactors = await startReactors({
    eventStore,
    store: processorStore,
    retry: options.reactorRetry,
    reactors: (options.reactors ?? ((list) => list))(await platformReactors({
      eventStore, duties: processorStore, payments, mailer, clock, seller, logger: options.projectorLogger,
      siteUrl, refundCutoffHours: options.config.REFUND_CUTOFF_HOURS, reminderDays: options.config.REMINDER_DAYS, transferCutoffDays: options.config.TRANSFER_CUTOFF_DAYS,
      waitlistOfferHours: options.config.WAITLIST_OFFER_HOURS,
    })),
    now: () => clock.now(),
    sweepIntervalMs: options.sweepIntervalMs,
    logger: options.projectorLogger,
  });
  await reactors.caughtUp;

  const app = await createHttpServer({
    logger: options.logger,
    webDist: options.webDist,
    publicUrl: options.config.PUBLIC_URL,
    serverEntry: options.serverEntry,
    projectionPosition: () => progress.current(),
    trustProxy: options.config.TRUST_PROXY ?? false,
    hsts: options.config.secureCookies,
    timeouts: options.timeouts,
    site: siteAddresses(options.config.PUBLIC_URL),
    registerApis: async (root) => {
      await root.register(commandApi, { eventStore, processors: processorStore, payments, sessions, mailer, background, clock, ids, seller, publicUrl: siteUrl, authRateLimitPerMinute: options.authRateLimitPerMinute, rateLimitStore,
        bookingHoldMinutes: options.config.BOOKING_HOLD_MINUTES, refundCutoffHours: options.config.REFUND_CUTOFF_HOURS, transferCutoffDays: options.config.TRANSFER_CUTOFF_DAYS,
        waitlistOfferHours: options.config.WAITLIST_OFFER_HOURS,
      });
      await root.register(queryApi, {
        readStore, processors: processorStore, progress, sessions, clock, refundCutoffHours: options.config.REFUND_CUTOFF_HOURS, transferCutoffDays: options.config.TRANSFER_CUTOFF_DAYS,
        waitlistOfferHours: options.config.WAITLIST_OFFER_HOURS, seller: options.config.seller, publicUrl: options.config.PUBLIC_URL,
        platformCommissionPercent: options.config.PLATFORM_COMMISSION_PERCENT,
      });
      // The embedded mode's outbox, readable in the browser from this machine: there is no real mail here.
      await root.register(async (scope) => mailboxRoutes(scope, mailer, { publicUrl: options.config.PUBLIC_URL }));
      await registerApiDocsPage(root);
    },
  });

  return {
    app,
    projector,
    seed,
    background,
    reactors,
    async close() {
      await app.close();
      await background.idle();
      await reactors.close();
      await projector.close();
      await adapters.close();
    },
  };
}
