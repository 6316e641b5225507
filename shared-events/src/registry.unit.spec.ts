import { describe, expect, it } from 'vitest';
import { toDomainEvent } from './registry';

describe('reading stored events', () => {
  it('upcasts a BookingPlaced stored before holds were recorded', () => {
    const stored = {
      id: 'e1', streamName: 'booking-b1', revision: 0, position: 1, type: 'BookingPlaced', recordedAt: '2026-11-21T09:00:00.000Z',
      metadata: { actor: { type: 'system' as const, name: 't' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-21T09:00:00.000Z' },
      data: { bookingId: 'b1', bookingReference: 'RP-ABCDEFGH', courseId: 'c1', userId: 'u1', price: 100, currency: 'EUR', placedAt: '2026-11-21T09:00:00.000Z' },
    };
    expect(toDomainEvent(stored).data).toMatchObject({ holdExpiresAt: '2026-11-21T09:30:00.000Z' });
  });

  it('refuses an event whose data breaks its schema', () => {
    expect(() => toDomainEvent({ id: 'e', streamName: 's-1', revision: 0, position: 1, type: 'SpotReserved', recordedAt: '', metadata: {} as never, data: { courseId: 1 } })).toThrow();
  });
});
