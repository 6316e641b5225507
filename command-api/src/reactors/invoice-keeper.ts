import type { EventStore } from '@recup/infra/event-store/port';
import type { SellerIdentity } from '@recup/infra/seller-identity';
import type { RecordedDomainEvent } from '@recup/shared-events';
import { handleCommand } from '../core/decider';
import { commandMetadata } from '../core/metadata';
import { InvoiceSourceMissing, invoiceDocumentOf } from '../invoices/invoice-document';
import { invoiceNumbersDecider } from '../invoices/invoice-numbers';
import type { Logger, Reactor } from './reactor';

/**
 * Invoices numbered before each recorded what it prints (logs older than this keeper) get their document now,
 * derived from the log as it stood at their number: the buyer's name, the course's address, the centre's name
 * and approval then, whatever changed since. Recorded once on the invoice's series; the invoice is then
 * printed from it for ever, like every invoice issued since. The seller is the one configured now: the log
 * never held it.
 */
export function invoiceKeeper(eventStore: EventStore, options: { seller: SellerIdentity; now: () => Date; logger?: Logger }): Reactor {
  return {
    name: 'invoice-keeper',
    async handle(event: RecordedDomainEvent) {
      if (event.type !== 'InvoiceNumberAssigned' || event.data.document) return;
      const { bookingId, paymentId } = event.data;
      let document;
      try {
        document = await invoiceDocumentOf(eventStore, { bookingId, paymentId, seller: options.seller, asOf: event.position });
      } catch (error) {
        // Nothing will ever bring back a record the log does not hold: said once, and not tried for ever.
        if (!(error instanceof InvoiceSourceMissing)) throw error;
        options.logger?.error(`invoice-keeper: invoice ${event.data.number} cannot be documented`, error);
        return;
      }
      const metadata = { ...commandMetadata({ type: 'system', name: 'invoice-keeper' }, options.now(), event.metadata.correlationId), causationId: event.id };
      await handleCommand(eventStore, event.streamName, invoiceNumbersDecider, { type: 'RecordInvoiceDocument', bookingId, asOfPosition: event.position, document }, { metadata });
    },
  };
}
