import type { Clock } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import type { Mailer } from '@recup/infra/mail/port';
import type { PaymentGateway } from '@recup/infra/payments/port';
import type { SellerIdentity } from '@recup/infra/seller-identity';
import { accountCloser } from './account-closer';
import { attestationKeeper } from './attestation-keeper';
import { packKeeper } from './pack-keeper';
import { centreNoticeKeeper } from './centre-notice-keeper';
import { CourseCatalogue } from './course-catalogue';
import { courseKeeper } from './course-keeper';
import { invoiceKeeper } from './invoice-keeper';
import type { DutyStore } from './duties';
import { mailReactor } from './mail-reactor';
import { moveKeeper } from './move-keeper';
import { paymentReconciler } from './payment-reconciler';
import type { Logger, Reactor } from './reactor';
import { refundKeeper } from './refund-keeper';
import { reminderKeeper } from './reminder-keeper';
import { DEFAULT_REMINDER_DAYS } from '@recup/shared-events/bookings/reminders';
import { spotKeeper } from './spot-keeper';
import { waitlistKeeper } from './waitlist-keeper';

/**
 * The platform's reactors, in the order they sweep: holds and spots, moves to finish, waiting-list offers, refunds due, payments to reconcile,
 * accounts to close, course batches to finish, invoices to document, reminders and messages after courses, the centres' notices (a course short of participants, an approval about to end), e-mails. Their work lists live in the processor store, beside their checkpoints and the event log.
 */
export async function platformReactors(deps: {
  eventStore: EventStore;
  /** Where the reactors keep their duties (the processor store). */
  duties: DutyStore;
  payments: PaymentGateway;
  mailer: Mailer;
  clock: Clock;
  siteUrl: string;
  logger?: Logger;
  refundCutoffHours?: number;
  /** Days before a course the learner is reminded of it (REMINDER_DAYS, default 7 and 1). */
  reminderDays?: readonly number[];
  /** Until how many days before a course a learner moves free of charge (TRANSFER_CUTOFF_DAYS): the e-mails say so. */
  transferCutoffDays?: number;
  /** How long a freed place is held for the first in line (WAITLIST_OFFER_HOURS, default 24). */
  waitlistOfferHours?: number;
  /** Who sells: recorded on the invoices the reactors issue (a payment settled after a crash). */
  seller: SellerIdentity;
}): Promise<Reactor[]> {
  const { eventStore, payments, clock } = deps;
  const duties = deps.duties;
  const options = { duties, logger: deps.logger, seller: deps.seller };
  return [
    spotKeeper(eventStore, payments, clock, options),
    moveKeeper(eventStore, payments, clock, options),
    waitlistKeeper(eventStore, clock, { ...options, offerHours: deps.waitlistOfferHours }),
    refundKeeper(eventStore, payments, clock, options),
    paymentReconciler(eventStore, payments, clock, options),
    accountCloser(eventStore, payments, clock, { ...options, refundCutoffHours: deps.refundCutoffHours }),
    courseKeeper(eventStore, payments, clock, { seller: deps.seller }),
    invoiceKeeper(eventStore, { seller: deps.seller, now: () => clock.now(), logger: deps.logger }),
    reminderKeeper(eventStore, clock, { duties, reminderDays: deps.reminderDays ?? DEFAULT_REMINDER_DAYS, logger: deps.logger }),
    attestationKeeper(eventStore, clock, { duties, logger: deps.logger }),
    packKeeper(eventStore, clock, { duties, logger: deps.logger }),
    centreNoticeKeeper(eventStore, clock, { duties, logger: deps.logger }),
    mailReactor(eventStore, deps.mailer, {
      siteUrl: deps.siteUrl, now: () => clock.now(), catalogue: new CourseCatalogue(duties), refundCutoffHours: deps.refundCutoffHours, transferCutoffDays: deps.transferCutoffDays,
    }),
  ];
}
