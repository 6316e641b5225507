import { useSearchParams } from 'react-router-dom';
import { isMonth, parisMonth, shiftMonth } from './statement-month';

/**
 * The month a statements screen shows, kept in the address (`?month=YYYY-MM`): the last month over by default (the one
 * whose statement is final, and to pay); `current` is this month in Paris, the latest one may choose.
 */
export function useStatementMonth() {
  const [params, setParams] = useSearchParams();
  const current = parisMonth(new Date());
  const asked = params.get('month');
  const month = isMonth(asked) ? asked : shiftMonth(current, -1);
  const setMonth = (value: string) => {
    if (isMonth(value)) setParams((previous) => ({ ...Object.fromEntries(previous), month: value }), { replace: true });
  };
  return { month, current, setMonth };
}
