/**
 * The centre's money (issue 20 §6): what it earned per course and per month, and the monthly statement of what
 * the platform owes it. Integer cents everywhere. Pure: the web imports these.
 */
import { z } from 'zod';

const StatementMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');

export const StatementQuery = z.object({
  /** `YYYY-MM`: the Paris calendar month. */
  month: StatementMonth,
  /** The document: JSON (default), its PDF or its CSV. */
  format: z.enum(['json', 'pdf', 'csv']).optional(),
});

export const AdminStatementsQuery = z.object({ month: StatementMonth });
export const AdminStatementParams = z.object({ organizationId: z.string().min(1).max(64) });

/** One booking of the statement: the online money it brought, or gave back, that month. */
const StatementLineDto = z.object({
  bookingId: z.string(),
  bookingReference: z.string(),
  learner: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  courseStartDate: z.string(),
  /** The Paris day of its payment that month, or of its refund when it was only refunded that month. */
  date: z.string(),
  /** Paid online that month. */
  amount: z.number().int(),
  /** Refunded that month (whatever month it was paid in). */
  refund: z.number().int(),
});
type StatementLineDto = z.infer<typeof StatementLineDto>;

const StatementPaymentDto = z.object({ amount: z.number().int(), paidAt: z.string(), paidBy: z.string() });

export const StatementDto = z.object({
  organization: z.object({ id: z.string(), name: z.string() }),
  month: z.string(),
  /** The month has ended in Paris: its figures are final, and it may be paid. */
  closed: z.boolean(),
  paidOnline: z.number().int(),
  refunded: z.number().int(),
  /** paidOnline − refunded. */
  net: z.number().int(),
  commissionPercent: z.number(),
  /** The platform's commission on `net`, to the nearest cent (half a cent away from zero). */
  commission: z.number().int(),
  /** What the platform owes the centre: net − commission (negative: what the centre owes the platform). */
  due: z.number().int(),
  lines: z.array(StatementLineDto),
  /** Null until an administrator marks it paid. */
  payment: StatementPaymentDto.nullable(),
});
export type StatementDto = z.infer<typeof StatementDto>;

/** A statement in the administrators' list: its figures, without its lines. */
export const AdminStatementSummaryDto = StatementDto.omit({ lines: true }).extend({ bookings: z.number().int() });
export type AdminStatementSummaryDto = z.infer<typeof AdminStatementSummaryDto>;

const Figures = {
  /** Paid online (every payment that went through, counted on its Paris day). */
  paidOnline: z.number().int(),
  /** Given back online (refunds, whole or part, on their Paris day). */
  refunded: z.number().int(),
  /** Received at the centre (cash, cheque, transfer), on the day the centre says it received it. */
  receivedAtCentre: z.number().int(),
};

export const RevenueDto = z.object({
  /** Per course, soonest first; `dueAtCentre`: confirmed by the centre unpaid, its money not recorded yet. */
  courses: z.array(z.object({ courseId: z.string(), title: z.string(), startDate: z.string(), status: z.string(), ...Figures, dueAtCentre: z.number().int() })),
  /** Per Paris month, most recent first (months with money only). */
  months: z.array(z.object({ month: z.string(), ...Figures })),
  totals: z.object({ ...Figures, dueAtCentre: z.number().int() }),
});
export type RevenueDto = z.infer<typeof RevenueDto>;
