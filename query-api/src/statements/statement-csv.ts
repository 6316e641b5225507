import type { Lang } from '@recup/infra/http/language';
import type { StatementDto } from '../contracts/statements';
import { csvDocument } from '../csv/csv';
import { STATEMENT_TEXT, dayLabel, parisDayLabel, plainAmount } from './statement-text';

/**
 * A centre's monthly statement as CSV, as `participants.csv` is written (UTF-8 with BOM, `;`, CRLF, every field
 * quoted, a decimal comma in French): one line per booking, then the totals, the commission, what is due and
 * whether it was paid, each on a line of its own under the same columns.
 */
export function statementCsv(statement: StatementDto, lang: Lang): string {
  const t = STATEMENT_TEXT[lang];
  const amount = (cents: number) => plainAmount(cents, lang);
  const rows: string[][] = statement.lines.map((line) => [line.bookingReference, line.learner, line.courseTitle, dayLabel(line.date), amount(line.amount), amount(line.refund)]);
  const total = (label: string, value: string) => ['', '', label, '', value, ''];
  rows.push(
    ['', '', t.csvTotals.paidOnline, '', amount(statement.paidOnline), amount(statement.refunded)],
    total(t.csvTotals.net, amount(statement.net)),
    total(`${t.csvTotals.commission} (${String(statement.commissionPercent)} %)`, amount(statement.commission)),
    total(t.csvTotals.due, amount(statement.due)),
    total(t.csvTotals.status, statement.payment ? t.paid(amount(statement.payment.amount), parisDayLabel(statement.payment.paidAt)) : t.unpaid),
  );
  return csvDocument([...t.columns], rows, ';');
}
