import type { Clock, IdGenerator } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import type { SessionOptions } from '@recup/infra/http/sessions';
import type { Mailer } from '@recup/infra/mail/port';
import type { PaymentGateway } from '@recup/infra/payments/port';
import type { RateLimitStore } from '@recup/infra/rate-limit/port';
import type { ProcessorStore } from '@recup/infra/processor-store/port';
import type { SellerIdentity } from '@recup/infra/seller-identity';

export interface CommandApiDeps {
  eventStore: EventStore;
  payments: PaymentGateway;
  sessions: SessionOptions;
  mailer: Mailer;
  clock: Clock;
  ids: IdGenerator;
  /** Who sells and invoices (SELLER_* variables): recorded on each invoice as it is issued. */
  seller: SellerIdentity;
  /** The site's address in e-mail links; when absent, a loopback Host of the request (embedded mode). */
  publicUrl?: string;
  /** How long an unpaid booking holds its spot (BOOKING_HOLD_MINUTES, default 30). */
  bookingHoldMinutes?: number;
  /** A learner's cancellation at least this long before the start is refunded (REFUND_CUTOFF_HOURS, default 72). */
  refundCutoffHours?: number;
  /** A learner moves a booking to another date up to this many days before its course's first day (TRANSFER_CUTOFF_DAYS, default 7). */
  transferCutoffDays?: number;
  /** How long a place freed on a full course is held for the first learner in line (WAITLIST_OFFER_HOURS, default 24). */
  waitlistOfferHours?: number;
  /** Requests per minute per client on sign-in, registration and token endpoints (default 10). */
  authRateLimitPerMinute?: number;
  /**
   * Where the rate limits count: the MongoDB store when MONGODB_URL is set, so that every replica of the command
   * API shares one budget. Without it, counters in this process's memory.
   */
  rateLimitStore?: RateLimitStore;
  /** The reactors' processor store: an administrator's retry of a parked event is recorded there. */
  processors?: Pick<ProcessorStore, 'requestRetry'>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Global position of the last event this command appended, or read when it changed nothing. */
    eventPosition: number;
  }
}
