import type { FastifyServerOptions } from 'fastify';
import type { Clock } from '@recup/infra/clock';
import type { ServiceConfig } from '@recup/infra/config';
import type { SellerIdentity } from '@recup/infra/seller-identity';
import type { ProjectionProgress } from '@recup/infra/consistency/projection-progress';
import { createHttpServer, type ServerTimeouts } from '@recup/infra/launcher/http-server';
import { siteAddresses } from '@recup/infra/http/site-addresses';
import type { ReadStore } from '@recup/infra/read-store/port';
import type { SessionStore } from '@recup/infra/sessions/port';
import { CHECKPOINTS_COLLECTION } from '@recup/projector';
import { queryApi } from '@recup/query-api';
import type { ProcessorStore } from '@recup/infra/processor-store/port';
import { registerHealth } from './health';

interface QueryApiAdapters {
  readStore: ReadStore;
  sessionStore: SessionStore;
  /** How far the projector has got, as the query API sees it from its own process. */
  progress: ProjectionProgress;
  clock: Clock;
  /** The reactors' processor store: the parked events the administrators list. */
  processorStore?: Pick<ProcessorStore, 'parkedEvents'>;
}

interface QueryApiServiceOptions {
  config: { SESSION_SECRET: string; secureCookies: boolean; seller?: SellerIdentity } & Partial<Pick<ServiceConfig<'query-api'>, 'REFUND_CUTOFF_HOURS' | 'TRANSFER_CUTOFF_DAYS' | 'WAITLIST_OFFER_HOURS' | 'PUBLIC_URL' | 'TRUST_PROXY' | 'PLATFORM_COMMISSION_PERCENT'>>;
  timeouts?: Partial<ServerTimeouts>;
  logger?: FastifyServerOptions['logger'];
}

/** The query API as a service of its own: every read of `/api`, from the read models, behind the gateway. */
export async function createQueryApiService(adapters: QueryApiAdapters, options: QueryApiServiceOptions) {
  const { readStore, sessionStore, progress, clock } = adapters;
  const sessions = { store: sessionStore, secret: options.config.SESSION_SECRET, secure: options.config.secureCookies, now: () => clock.now().getTime() };
  const app = await createHttpServer({
    logger: options.logger,
    trustProxy: options.config.TRUST_PROXY ?? false,
    hsts: options.config.secureCookies,
    timeouts: options.timeouts,
    site: siteAddresses(options.config.PUBLIC_URL),
    registerApis: async (root) => {
      registerHealth(root, 'query-api', async () => {
        await readStore.collection(CHECKPOINTS_COLLECTION).findOne({ _id: 'health' });
      });
      await root.register(queryApi, {
        readStore, processors: adapters.processorStore, progress, sessions, clock, refundCutoffHours: options.config.REFUND_CUTOFF_HOURS, transferCutoffDays: options.config.TRANSFER_CUTOFF_DAYS,
        waitlistOfferHours: options.config.WAITLIST_OFFER_HOURS, seller: options.config.seller, publicUrl: options.config.PUBLIC_URL,
        platformCommissionPercent: options.config.PLATFORM_COMMISSION_PERCENT,
      });
    },
  });
  return {
    app,
    async close() {
      await app.close();
    },
  };
}
