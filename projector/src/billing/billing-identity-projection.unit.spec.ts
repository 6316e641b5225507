import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../testing/recorded';
import { billingIdentityProjection } from './billing-identity-projection';

describe('billing identities', () => {
  const registered = recorded('user-u1', 0, { type: 'UserRegistered', data: {
    userId: 'u1', email: 'lea@example.test', passwordHash: 'x', role: 'USER', registeredAt: '2026-01-01T00:00:00.000Z',
    title: 'MRS', firstName: 'Léa', lastName: 'Martin', dateOfBirth: null, countryOfBirth: null, placeOfBirth: null, address: '3 rue de Rome', addressDetails: null,
    postalCode: '13001', city: 'Marseille', country: 'FR', phoneNumber: null, landlinePhone: null, licenseNumber: null, language: 'FR',
  } });

  it('keeps the buyer an invoice names after the account is deleted, marked deleted', () => {
    const deleted = fold(billingIdentityProjection.evolve, [registered, recorded('user-u1', 1, { type: 'UserDeleted', data: { userId: 'u1', deletedAt: '2026-02-01T00:00:00.000Z' } })]);
    expect(deleted).toMatchObject({ firstName: 'Léa', lastName: 'Martin', email: 'lea@example.test', address: '3 rue de Rome', postalCode: '13001', city: 'Marseille', deletedAt: '2026-02-01T00:00:00.000Z' });
  });
});
