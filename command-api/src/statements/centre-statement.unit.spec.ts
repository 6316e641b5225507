import { describe, it } from 'vitest';
import type { CentreStatementEvent } from '@recup/shared-events';
import { specFor } from '../testing/given-when-then';
import { centreStatementDecider, StatementAlreadyPaid, StatementMonthNotOver, type MarkStatementPaid } from './centre-statement';

const spec = specFor(centreStatementDecider);
const mark = (now: string, month = '2026-10'): MarkStatementPaid => ({ type: 'MarkStatementPaid', organizationId: 'org-1', month, amount: 45_800, paidBy: 'admin-1', now: new Date(now) });
const paid: CentreStatementEvent = { type: 'CentreStatementPaid', data: { organizationId: 'org-1', month: '2026-10', amount: 45_800, paidBy: 'admin-1', paidAt: '2026-11-03T09:00:00.000Z' } };

describe('a centre’s monthly statement', () => {
  describe('when it is not paid yet', () => {
    it('is marked paid once the month is over in Paris: who, when, how much', () => {
      spec([]).when(mark('2026-11-03T09:00:00.000Z')).then([paid]);
    });

    it('is paid from the first instant of the next month in Paris (23:00 UTC on 31 October)', () => {
      // 31 October 2026: Paris is on winter time (UTC+1) since the 25th, so November starts at 23:00 UTC.
      spec([]).when(mark('2026-10-31T23:00:00.000Z')).then([{ ...paid, data: { ...paid.data, paidAt: '2026-10-31T23:00:00.000Z' } }]);
      spec([]).when(mark('2026-10-31T22:59:59.999Z')).thenThrows(StatementMonthNotOver);
    });

    it('is not paid while its month runs', () => {
      spec([]).when(mark('2026-11-15T12:00:00.000Z', '2026-11')).thenThrows(StatementMonthNotOver);
      spec([]).when(mark('2026-11-15T12:00:00.000Z', '2026-12')).thenThrows(StatementMonthNotOver);
    });
  });

  describe('when it is paid', () => {
    it('is not paid twice', () => {
      spec([paid]).when(mark('2026-11-20T09:00:00.000Z')).thenThrows(StatementAlreadyPaid);
    });
  });
});
