import type { FastifyServerOptions } from 'fastify';
import { commandApi } from '@recup/command-api';
import { seedDemoData } from '@recup/command-api/seed/seed-demo';
import { seedAdminDemo } from '@recup/command-api/seed/seed-admin-demo';
import { randomIds, type IdGenerator } from '@recup/infra/clock';
import type { Config } from '@recup/infra/config';
import { createHttpServer } from '@recup/infra/launcher/http-server';
import { BackgroundTasks } from '@recup/command-api/core/background';
import { startReactors, type ReactorCheckpoint } from '@recup/command-api/reactors/reactor';
import { mailReactor } from '@recup/command-api/reactors/mail-reactor';
import { courseKeeper } from '@recup/command-api/reactors/course-keeper';
import { refundKeeper } from '@recup/command-api/reactors/refund-keeper';
import { spotKeeper } from '@recup/command-api/reactors/spot-keeper';
import { registerApiDocsPage } from '@recup/infra/http/openapi';
import { mailboxRoutes } from '@recup/infra/mail/mailbox-routes';
import type { EmbeddedAdapters } from '@recup/infra/launcher/embedded-adapters';
import type { PaymentGateway } from '@recup/infra/payments/port';
import { startProjector, type Logger } from '@recup/projector';
import { queryApi } from '@recup/query-api';

export interface ComposeOptions {
  config: Pick<Config, 'SESSION_SECRET' | 'secureCookies'> & Partial<Pick<Config, 'PUBLIC_URL' | 'BOOKING_HOLD_MINUTES' | 'REFUND_CUTOFF_HOURS'>>;
  webDist?: string;
  ids?: IdGenerator;
  seed?: boolean;
  /** With the seed: the administrators' demo (a centre awaiting approval, payments in every state). Tests leave it out unless asked. */
  adminDemo?: boolean;
  logger?: FastifyServerOptions['logger'];
  projectorLogger?: Logger;
  authRateLimitPerMinute?: number;
  /** The site's address in e-mails sent by reactors, when PUBLIC_URL is not set. */
  siteUrl?: string;
  /** Another payment provider than the built-in test gateway (Stripe, when its keys are configured). */
  payments?: PaymentGateway;
}

/**
 * The whole platform in one process on the embedded adapters: the projector catches up with the log, the
 * demo data is seeded on an empty store, then the command API, the query API and the web app share one
 * HTTP server.
 */
export async function composeEmbeddedPlatform(adapters: EmbeddedAdapters, options: ComposeOptions) {
  const ids = options.ids ?? randomIds;
  const { eventStore, readStore, sessionStore, testGateway, progress, clock, mailer } = adapters;
  const background = new BackgroundTasks();
  const payments = options.payments ?? testGateway;
  const sessions = { store: sessionStore, secret: options.config.SESSION_SECRET, secure: options.config.secureCookies, now: () => clock.now().getTime() };

  const projector = await startProjector({ eventStore, readStore, progress, logger: options.projectorLogger });
  await projector.caughtUp;
  const seed = options.seed ? await seedDemoData({ eventStore, clock, ids }) : null;
  if (seed?.seeded && options.adminDemo) await seedAdminDemo({ eventStore, payments, clock, ids });
  const reactors = await startReactors({
    eventStore,
    checkpoints: readStore.collection<ReactorCheckpoint>('reactorCheckpoints'),
    reactors: [
      spotKeeper(eventStore, payments, clock),
      refundKeeper(eventStore, payments, clock),
      courseKeeper(eventStore, payments, clock),
      mailReactor(eventStore, mailer, { siteUrl: options.config.PUBLIC_URL ?? options.siteUrl ?? 'http://localhost:3000', now: () => clock.now() }),
    ],
    now: () => clock.now(),
  });
  await reactors.caughtUp;

  const app = await createHttpServer({
    logger: options.logger,
    webDist: options.webDist,
    registerApis: async (root) => {
      await root.register(commandApi, { eventStore, payments, sessions, mailer, background, clock, ids, publicUrl: options.config.PUBLIC_URL, authRateLimitPerMinute: options.authRateLimitPerMinute,
        bookingHoldMinutes: options.config.BOOKING_HOLD_MINUTES, refundCutoffHours: options.config.REFUND_CUTOFF_HOURS,
      });
      await root.register(queryApi, { readStore, progress, sessions, clock, refundCutoffHours: options.config.REFUND_CUTOFF_HOURS });
      // The embedded mode's outbox, readable in the browser: there is no real mail here.
      await root.register(async (scope) => mailboxRoutes(scope, mailer));
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
