import { z } from 'zod';
import { defineEvent, type EventOf } from '../define-event';
import { Id, IsoDateTime } from '../primitives';

/** A calendar month, `YYYY-MM` (months of the Paris calendar). */
export const StatementMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/**
 * An administrator recorded that the platform paid a centre what its monthly statement showed (online payments
 * minus refunds minus the platform's commission, in integer cents; negative when refunds outweighed the month's
 * payments and the centre owed the platform). The first event of `centreStatement-<organizationId>-<month>`: a
 * statement is paid once.
 */
export const CentreStatementPaid = defineEvent(
  'CentreStatementPaid',
  z.object({
    organizationId: Id,
    month: StatementMonth,
    amount: z.number().int(),
    paidBy: Id,
    paidAt: IsoDateTime,
  }),
);

export const centreStatementEvents = [CentreStatementPaid] as const;
export type CentreStatementEvent = EventOf<(typeof centreStatementEvents)[number]>;
