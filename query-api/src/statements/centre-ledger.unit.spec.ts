import { describe, expect, it } from 'vitest';
import { monthStatement, moneyMovements, sumFigures, type LedgerBooking, type LedgerPayment } from './centre-ledger';

const booking = (id: string, paidAtCentre: LedgerBooking['paidAtCentre'] = null): LedgerBooking => ({ _id: id, courseId: `course-${id}`, paidAtCentre });
const payment = (bookingId: string, amount: number, succeededAt: string | null, refunds: LedgerPayment['refunds'] = []): LedgerPayment => ({ bookingId, amount, succeededAt, refunds });

describe('a centre’s monthly statement', () => {
  it('counts a payment in the month of its Paris day (31 October 23:30 UTC is 1 November in Paris)', () => {
    const movements = moneyMovements([booking('a'), booking('b')], [
      payment('a', 22_900, '2026-10-31T22:59:00.000Z'),
      payment('b', 19_900, '2026-10-31T23:30:00.000Z'),
    ]);
    expect(monthStatement(movements, '2026-10', 0)).toMatchObject({ paidOnline: 22_900, lines: [{ bookingId: 'a', date: '2026-10-31', amount: 22_900, refund: 0 }] });
    expect(monthStatement(movements, '2026-11', 0)).toMatchObject({ paidOnline: 19_900, lines: [{ bookingId: 'b', date: '2026-11-01', amount: 19_900, refund: 0 }] });
  });

  it('takes a refund off the month it was made in, not the month of the payment', () => {
    const movements = moneyMovements([booking('a')], [payment('a', 22_900, '2026-10-20T10:00:00.000Z', [{ amount: 22_900, refundedAt: '2026-11-05T10:00:00.000Z' }])]);
    expect(monthStatement(movements, '2026-10', 0)).toMatchObject({ paidOnline: 22_900, refunded: 0, net: 22_900, due: 22_900 });
    expect(monthStatement(movements, '2026-11', 0)).toMatchObject({
      paidOnline: 0, refunded: 22_900, net: -22_900, due: -22_900, lines: [{ bookingId: 'a', date: '2026-11-05', amount: 0, refund: 22_900 }],
    });
  });

  it('lists a booking paid and refunded in the same month once, with both sums', () => {
    const movements = moneyMovements([booking('a')], [payment('a', 22_900, '2026-11-02T10:00:00.000Z', [{ amount: 3_000, refundedAt: '2026-11-09T10:00:00.000Z' }])]);
    expect(monthStatement(movements, '2026-11', 0).lines).toEqual([{ bookingId: 'a', date: '2026-11-02', amount: 22_900, refund: 3_000 }]);
  });

  it('takes the platform’s commission off the net, to the nearest cent', () => {
    const movements = moneyMovements([booking('a'), booking('b')], [
      payment('a', 22_901, '2026-11-02T10:00:00.000Z'),
      payment('b', 20_000, '2026-11-03T10:00:00.000Z', [{ amount: 20_000, refundedAt: '2026-11-04T10:00:00.000Z' }]),
    ]);
    // net 229.01 € at 7.5 % = 17.17575 € → 17.18 €
    expect(monthStatement(movements, '2026-11', 7.5)).toMatchObject({ paidOnline: 42_901, refunded: 20_000, net: 22_901, commission: 1_718, due: 21_183 });
  });

  it('leaves out money received at the centre, which never passed through the platform, and money that never came', () => {
    const movements = moneyMovements([booking('a', { receivedOn: '2026-11-10', amount: 22_900 }), booking('b')], [payment('b', 22_900, null)]);
    expect(monthStatement(movements, '2026-11', 0)).toMatchObject({ paidOnline: 0, refunded: 0, due: 0, lines: [] });
    expect(sumFigures(movements.filter((m) => m.month === '2026-11'))).toEqual({ paidOnline: 0, refunded: 0, receivedAtCentre: 22_900 });
  });

  it('counts every attempt that took money, and its refund', () => {
    // A second attempt took money too, refunded at once: in, then out.
    const movements = moneyMovements([booking('a')], [
      payment('a', 22_900, '2026-11-02T10:00:00.000Z'),
      payment('a', 22_900, '2026-11-02T10:01:00.000Z', [{ amount: 22_900, refundedAt: '2026-11-02T10:02:00.000Z' }]),
    ]);
    expect(monthStatement(movements, '2026-11', 0)).toMatchObject({ paidOnline: 45_800, refunded: 22_900, net: 22_900 });
  });
});
