import { expect } from 'vitest';
import type { EventStore } from '@recup/infra/event-store/port';
import type { TestClient } from './testing';

/** Friday 4 to Saturday 5 December 2026, 08:00 to 17:00 in Paris: legal 13 days after the test clock's 21 November. */
export const legalCourse = (overrides: Record<string, unknown> = {}) => ({
  title: 'Arles', titleEn: 'Arles', description: 'Stage de sensibilisation à la sécurité routière', descriptionEn: 'Road safety awareness course',
  address: 'Centre de formation, 12 boulevard des Lices', city: 'Arles', postalCode: '13200', department: '13',
  startDate: '2026-12-04T07:00:00.000Z', endDate: '2026-12-05T16:00:00.000Z', price: 23_000, totalSpots: 12, antsNumber: 'ANTS-13-55555',
  ...overrides,
});

/** The same schedule `weeks` weeks later (still Friday and Saturday). */
export const weeksLater = (weeks: number) => ({
  startDate: new Date(Date.parse('2026-12-04T07:00:00.000Z') + weeks * 7 * 86_400_000).toISOString(),
  endDate: new Date(Date.parse('2026-12-05T16:00:00.000Z') + weeks * 7 * 86_400_000).toISOString(),
});

/** A learner books a course and pays with the test gateway's card that succeeds. */
export async function bookAndPay(learner: TestClient, courseId: string): Promise<string> {
  const placed = await learner.post('/api/bookings', { earlyStartRequested: true, courseId });
  expect(placed.statusCode, placed.body).toBe(201);
  const booking = placed.json() as { id: string };
  const intent = (await learner.post(`/api/bookings/${booking.id}/create-payment-intent`)).json() as { paymentIntentId: string; clientSecret: string };
  await learner.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, {
    clientSecret: intent.clientSecret, cardholderName: 'Camille Durand', cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123',
  });
  const confirmed = await learner.post(`/api/bookings/${booking.id}/confirm-payment`, { paymentIntentId: intent.paymentIntentId });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return booking.id;
}

/**
 * The event store as a process that dies at some append: `crashAt` says which append fails (and every one
 * after it, as nothing runs after a crash).
 */
export function crashingStore(store: EventStore, crashAt: (streamName: string, types: string[]) => boolean): EventStore {
  let crashed = false;
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'appendToStream') {
        return async (...args: Parameters<EventStore['appendToStream']>) => {
          if (crashed || crashAt(args[0], args[1].map((e) => e.type))) {
            crashed = true;
            throw new Error('the process died');
          }
          return target.appendToStream(...args);
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
