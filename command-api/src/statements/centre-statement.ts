import { isMonthOver, type CentreStatementEvent } from '@recup/shared-events';
import type { Decider } from '../core/decider';
import { DomainError } from '../core/domain-error';

/** A statement of a month that has not ended yet can still change: it is paid once the month is over. */
export class StatementMonthNotOver extends DomainError {
  constructor(month: string) {
    super('STATEMENT_MONTH_NOT_OVER', { month });
  }
}
/** A statement is paid once. */
export class StatementAlreadyPaid extends DomainError {
  constructor(month: string) {
    super('STATEMENT_ALREADY_PAID', { month });
  }
}

type CentreStatementState = { status: 'unpaid' } | { status: 'paid'; amount: number; paidBy: string; paidAt: string };

export interface MarkStatementPaid {
  type: 'MarkStatementPaid';
  organizationId: string;
  month: string;
  /** What the platform paid the centre: the statement's amount due, integer cents. */
  amount: number;
  paidBy: string;
  now: Date;
}

type CentreStatementCommand = MarkStatementPaid;

function markPaid(command: MarkStatementPaid, state: CentreStatementState): CentreStatementEvent[] {
  if (state.status === 'paid') throw new StatementAlreadyPaid(command.month);
  if (!isMonthOver(command.month, command.now)) throw new StatementMonthNotOver(command.month);
  return [{
    type: 'CentreStatementPaid',
    data: { organizationId: command.organizationId, month: command.month, amount: command.amount, paidBy: command.paidBy, paidAt: command.now.toISOString() },
  }];
}

export const centreStatementDecider: Decider<CentreStatementCommand, CentreStatementEvent, CentreStatementState> = {
  initialState: () => ({ status: 'unpaid' }),
  evolve(state, event) {
    switch (event.type) {
      case 'CentreStatementPaid':
        return { status: 'paid', amount: event.data.amount, paidBy: event.data.paidBy, paidAt: event.data.paidAt };
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'MarkStatementPaid':
        return markPaid(command, state);
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },
};
