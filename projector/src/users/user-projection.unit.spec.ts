import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../testing/recorded';
import type { UserDocument } from './user-document';
import { userProjection } from './user-projection';

describe('users read model', () => {
  it('never holds the password hash', () => {
    const doc = fold<UserDocument>(userProjection.evolve, [
      recorded('user-u1', 0, {
        type: 'UserRegistered',
        data: {
          userId: 'u1', email: 'lea@example.fr', passwordHash: '$argon2id$secret', role: 'USER', registeredAt: '2026-11-21T09:00:00.000Z',
          title: 'MRS', firstName: 'Léa', lastName: 'Martin', dateOfBirth: null, countryOfBirth: null, placeOfBirth: null, address: null, addressDetails: null,
          postalCode: null, city: null, country: 'FR', phoneNumber: '0601020304', landlinePhone: null, licenseNumber: null, language: 'FR',
        },
      }),
      recorded('user-u1', 1, { type: 'UserEmailVerified', data: { userId: 'u1', verifiedAt: '2026-11-21T09:10:00.000Z' } }),
    ]);
    expect(doc).toMatchObject({ _id: 'u1', email: 'lea@example.fr', firstName: 'Léa', isVerified: true, role: 'USER' });
    expect(JSON.stringify(doc)).not.toContain('argon2');
  });
});
