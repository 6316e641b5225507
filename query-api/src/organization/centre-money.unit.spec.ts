import { describe, expect, it } from 'vitest';
import { isDueAtCentre, moneyOf, sumMoney } from './centre-money';

const price = 22_900;
const approved = { confirmedBy: 'centre' as const, paidAtCentre: null, price };
const paidAtCentre = { ...approved, paidAtCentre: { method: 'CASH' as const, receivedOn: '2026-11-25', amount: price, recordedAt: '2026-11-25T16:00:00.000Z' } };
const paidOnline = { confirmedBy: 'payment' as const, paidAtCentre: null, price };

describe('the money of a centre’s booking', () => {
  it('counts a booking the centre confirmed unpaid as due at the centre, not received', () => {
    expect(moneyOf(approved, null, 'CONFIRMED')).toEqual({ receivedOnline: 0, receivedAtCentre: 0, dueAtCentre: price });
    expect(moneyOf(approved, null, 'COMPLETED').dueAtCentre).toBe(price);
  });

  it('counts it received at the centre once the centre recorded the money', () => {
    expect(moneyOf(paidAtCentre, null, 'CONFIRMED')).toEqual({ receivedOnline: 0, receivedAtCentre: price, dueAtCentre: 0 });
  });

  it('counts money paid online until it is refunded', () => {
    expect(moneyOf(paidOnline, { status: 'SUCCEEDED', amount: price }, 'CONFIRMED')).toEqual({ receivedOnline: price, receivedAtCentre: 0, dueAtCentre: 0 });
    expect(moneyOf(paidOnline, { status: 'REFUNDED', amount: price }, 'CANCELLED')).toEqual({ receivedOnline: 0, receivedAtCentre: 0, dueAtCentre: 0 });
  });

  it('owes nothing for a booking the centre confirmed that the learner then paid online', () => {
    expect(isDueAtCentre(approved, { status: 'SUCCEEDED', amount: price }, 'CONFIRMED')).toBe(false);
  });

  it('owes nothing for a pending or cancelled booking', () => {
    expect(moneyOf({ confirmedBy: null, paidAtCentre: null, price }, null, 'PENDING').dueAtCentre).toBe(0);
    expect(moneyOf(approved, null, 'CANCELLED').dueAtCentre).toBe(0);
  });

  it('adds up', () => {
    expect(sumMoney([moneyOf(approved, null, 'CONFIRMED'), moneyOf(paidAtCentre, null, 'CONFIRMED'), moneyOf(paidOnline, { status: 'SUCCEEDED', amount: 100 }, 'CONFIRMED')]))
      .toEqual({ receivedOnline: 100, receivedAtCentre: price, dueAtCentre: price });
  });
});
