import { commissionOf, parisDay, parisMonthOf } from '@recup/shared-events';

/**
 * One sum of money of a centre's booking, where and when it moved: paid online, refunded online (whole or part),
 * received at the centre. `month`: its Paris month (a payment's or refund's Paris day; the day the centre says
 * it received the money); `day`: that Paris day.
 */
export interface MoneyMovement {
  bookingId: string;
  courseId: string;
  kind: 'paidOnline' | 'refunded' | 'receivedAtCentre';
  amount: number;
  day: string;
  month: string;
}

export interface LedgerBooking {
  _id: string;
  courseId: string;
  paidAtCentre: { receivedOn: string; amount: number } | null;
}
export interface LedgerPayment {
  bookingId: string;
  amount: number;
  succeededAt: string | null;
  refunds?: ReadonlyArray<{ amount: number; refundedAt: string }>;
}

const parisDayOf = (iso: string) => parisDay(new Date(iso));

/**
 * Every sum of money of these bookings, from their payments (each attempt that took money, and each refund of it)
 * and what the centre recorded. A booking's money goes with its course as it now stands (a moved booking takes its
 * payment along).
 */
export function moneyMovements(bookings: readonly LedgerBooking[], payments: readonly LedgerPayment[]): MoneyMovement[] {
  const byId = new Map(bookings.map((b) => [b._id, b]));
  const movements: MoneyMovement[] = [];
  for (const payment of payments) {
    const booking = byId.get(payment.bookingId);
    if (!booking) continue;
    if (payment.succeededAt) {
      movements.push({ bookingId: booking._id, courseId: booking.courseId, kind: 'paidOnline', amount: payment.amount, day: parisDayOf(payment.succeededAt), month: parisMonthOf(payment.succeededAt) });
    }
    for (const refund of payment.refunds ?? []) {
      movements.push({ bookingId: booking._id, courseId: booking.courseId, kind: 'refunded', amount: refund.amount, day: parisDayOf(refund.refundedAt), month: parisMonthOf(refund.refundedAt) });
    }
  }
  for (const booking of bookings) {
    if (booking.paidAtCentre) {
      const day = booking.paidAtCentre.receivedOn.slice(0, 10);
      movements.push({ bookingId: booking._id, courseId: booking.courseId, kind: 'receivedAtCentre', amount: booking.paidAtCentre.amount, day, month: day.slice(0, 7) });
    }
  }
  return movements;
}

interface Figures {
  paidOnline: number;
  refunded: number;
  receivedAtCentre: number;
}

export function sumFigures(movements: Iterable<MoneyMovement>): Figures {
  const figures: Figures = { paidOnline: 0, refunded: 0, receivedAtCentre: 0 };
  for (const movement of movements) figures[movement.kind] += movement.amount;
  return figures;
}

interface StatementLine {
  bookingId: string;
  date: string;
  amount: number;
  refund: number;
}

interface StatementFigures {
  paidOnline: number;
  refunded: number;
  net: number;
  commission: number;
  due: number;
  lines: StatementLine[];
}

/**
 * The month's statement of what the platform owes a centre: the online payments of the month minus its refunds
 * (whatever month the refunded payment was made in) minus the platform's commission on that net
 * (`commissionOf`). Money received at the centre never passed through the platform: it is not on it. One line per
 * booking, by date.
 */
export function monthStatement(movements: readonly MoneyMovement[], month: string, commissionPercent: number): StatementFigures {
  const lines = new Map<string, StatementLine>();
  for (const movement of movements) {
    if (movement.month !== month || movement.kind === 'receivedAtCentre') continue;
    const line = lines.get(movement.bookingId) ?? { bookingId: movement.bookingId, date: movement.day, amount: 0, refund: 0 };
    if (movement.kind === 'paidOnline') {
      // The line's date is its payment's when it was paid that month.
      if (line.amount === 0 || movement.day < line.date) line.date = movement.day;
      line.amount += movement.amount;
    } else {
      if (line.amount === 0 && movement.day < line.date) line.date = movement.day;
      line.refund += movement.amount;
    }
    lines.set(movement.bookingId, line);
  }
  const sorted = [...lines.values()].sort((a, b) => a.date.localeCompare(b.date) || a.bookingId.localeCompare(b.bookingId));
  const paidOnline = sorted.reduce((sum, l) => sum + l.amount, 0);
  const refunded = sorted.reduce((sum, l) => sum + l.refund, 0);
  const net = paidOnline - refunded;
  const commission = commissionOf(net, commissionPercent);
  return { paidOnline, refunded, net, commission, due: net - commission, lines: sorted };
}
