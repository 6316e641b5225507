import type { ReadStore } from '@recup/infra/read-store/port';
import { BOOKINGS_COLLECTION, type BookingDocument } from '@recup/projector/bookings/booking-document';
import { COURSES_COLLECTION, PUBLISHED_COURSES, type CourseDocument } from '@recup/projector/courses/course-document';
import type { OrganizationDocument } from '@recup/projector/organizations/organization-document';
import { PAYMENTS_COLLECTION, type PaymentDocument } from '@recup/projector/payments/payment-document';
import { CENTRE_STATEMENTS_COLLECTION, type CentreStatementDocument } from '@recup/projector/statements/centre-statement-document';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import { isMonthOver } from '@recup/shared-events';
import { courseStatus } from '../courses/course-view';
import type { AdminStatementSummaryDto, RevenueDto, StatementDto } from '../contracts/statements';
import { bookingStatus } from '../bookings/booking-view';
import { isDueAtCentre } from '../organization/centre-money';
import { monthStatement, moneyMovements, sumFigures, type MoneyMovement } from './centre-ledger';

interface CentreLedger {
  courses: CourseDocument[];
  coursesById: Map<string, CourseDocument>;
  /** Every booking of its courses, expired ones too (an attempt that took money after the hold was refunded). */
  bookings: BookingDocument[];
  payments: PaymentDocument[];
  movements: MoneyMovement[];
}

/** Every sum of money of a centre's bookings, read from the bookings and payments read models. */
export async function centreLedger(readStore: ReadStore, organizationId: string): Promise<CentreLedger> {
  const courses = await readStore.collection<CourseDocument>(COURSES_COLLECTION).find({ organizationId, ...PUBLISHED_COURSES }, { sort: { startDate: 1, _id: 1 } });
  const coursesById = new Map(courses.map((c) => [c._id, c]));
  const bookings = courses.length === 0 ? [] : await readStore.collection<BookingDocument>(BOOKINGS_COLLECTION).find({ courseId: { $in: courses.map((c) => c._id) } });
  const payments = bookings.length === 0 ? [] : await readStore.collection<PaymentDocument>(PAYMENTS_COLLECTION).find({ bookingId: { $in: bookings.map((b) => b._id) } });
  return { courses, coursesById, bookings, payments, movements: moneyMovements(bookings, payments) };
}

/** The money still due at the centre, per course: bookings the centre confirmed unpaid, their money not recorded yet. */
function dueAtCentreByCourse(ledger: CentreLedger, now: Date): Map<string, number> {
  const due = new Map<string, number>();
  const succeeded = new Set(ledger.payments.filter((p) => p.status === 'SUCCEEDED').map((p) => p._id));
  for (const booking of ledger.bookings) {
    const course = ledger.coursesById.get(booking.courseId);
    if (!course || booking.status === 'EXPIRED') continue;
    const payment = booking.paymentId && succeeded.has(booking.paymentId) ? { status: 'SUCCEEDED' as const, amount: 0 } : null;
    if (isDueAtCentre(booking, payment, bookingStatus(booking, course, now))) due.set(course._id, (due.get(course._id) ?? 0) + booking.price);
  }
  return due;
}

/** What the centre earned, per course and per Paris month, and in all (issue 20 §6): the dashboard's figures too. */
export function revenueOf(ledger: CentreLedger, now: Date): RevenueDto {
  const due = dueAtCentreByCourse(ledger, now);
  const courses = ledger.courses.flatMap((course) => {
    const figures = sumFigures(ledger.movements.filter((m) => m.courseId === course._id));
    const dueAtCentre = due.get(course._id) ?? 0;
    if (figures.paidOnline + figures.refunded + figures.receivedAtCentre + dueAtCentre === 0) return [];
    return [{ courseId: course._id, title: course.title, startDate: course.startDate, status: courseStatus(course, now), ...figures, dueAtCentre }];
  });
  const months = [...new Set(ledger.movements.map((m) => m.month))].sort().reverse()
    .map((month) => ({ month, ...sumFigures(ledger.movements.filter((m) => m.month === month)) }));
  return { courses, months, totals: { ...sumFigures(ledger.movements), dueAtCentre: [...due.values()].reduce((a, b) => a + b, 0) } };
}

/** The month's statement of one centre, with each booking's reference, learner and course. */
export async function statementOf(readStore: ReadStore, organization: Pick<OrganizationDocument, '_id' | 'name'>, month: string, options: { commissionPercent: number; now: Date; ledger?: CentreLedger }): Promise<StatementDto> {
  const ledger = options.ledger ?? (await centreLedger(readStore, organization._id));
  const figures = monthStatement(ledger.movements, month, options.commissionPercent);
  const bookingsById = new Map(ledger.bookings.map((b) => [b._id, b]));
  const userIds = [...new Set(figures.lines.flatMap((l) => bookingsById.get(l.bookingId)?.userId ?? []))];
  const [users, paid] = await Promise.all([
    userIds.length === 0 ? [] : readStore.collection<UserDocument>(USERS_COLLECTION).find({ _id: { $in: userIds } }),
    readStore.collection<CentreStatementDocument>(CENTRE_STATEMENTS_COLLECTION).findOne({ _id: `${organization._id}-${month}` }),
  ]);
  const usersById = new Map(users.map((u) => [u._id, u]));
  return {
    organization: { id: organization._id, name: organization.name },
    month,
    closed: isMonthOver(month, options.now),
    paidOnline: figures.paidOnline,
    refunded: figures.refunded,
    net: figures.net,
    commissionPercent: options.commissionPercent,
    commission: figures.commission,
    due: figures.due,
    lines: figures.lines.map((line) => {
      const booking = bookingsById.get(line.bookingId)!;
      const user = usersById.get(booking.userId);
      const course = ledger.coursesById.get(booking.courseId)!;
      return {
        bookingId: line.bookingId, bookingReference: booking.bookingReference, learner: user ? `${user.lastName.toUpperCase()} ${user.firstName}` : '—',
        courseId: course._id, courseTitle: course.title, courseStartDate: course.startDate, date: line.date, amount: line.amount, refund: line.refund,
      };
    }),
    payment: paid && { amount: paid.amount, paidAt: paid.paidAt, paidBy: paid.paidBy },
  };
}

export function summaryOf(statement: StatementDto): AdminStatementSummaryDto {
  const { lines, ...rest } = statement;
  return { ...rest, bookings: lines.length };
}
