import type { Clock } from '@recup/infra/clock';
import type { ProjectionProgress } from '@recup/infra/consistency/projection-progress';
import type { SessionOptions } from '@recup/infra/http/sessions';
import type { ProcessorStore } from '@recup/infra/processor-store/port';
import type { ReadStore } from '@recup/infra/read-store/port';
import type { SellerIdentity } from '@recup/infra/seller-identity';

export interface QueryApiDeps {
  readStore: ReadStore;
  progress: ProjectionProgress;
  sessions: SessionOptions;
  clock: Clock;
  /** A learner's cancellation at least this long before the start is refunded (default 72). */
  refundCutoffHours?: number;
  /**
   * A learner moves a booking to another date (free of charge) up to this many days before its course's first day
   * (TRANSFER_CUTOFF_DAYS, default 7): the move routes preview it, the convocation prints it.
   */
  transferCutoffDays?: number;
  /** How long a place freed on a full course is held for the first in line (WAITLIST_OFFER_HOURS, default 24): said on the course page. */
  waitlistOfferHours?: number;
  /** How long a query waits for the projector to reach the caller's X-Min-Position (default 2 s). */
  consistencyTimeoutMs?: number;
  /** Who sells and invoices (SELLER_* variables); the demonstration seller by default. */
  seller?: SellerIdentity;
  /** The platform's commission on the online takings of a centre's monthly statement, in percent (PLATFORM_COMMISSION_PERCENT, default 0). */
  platformCommissionPercent?: number;
  /** The site's public address (PUBLIC_URL), for absolute links in the sitemap; the request's own host when absent. */
  publicUrl?: string;
  /** The reactors' processor store, beside the log: the parked events the administrators see. */
  processors?: Pick<ProcessorStore, 'parkedEvents'>;
}
