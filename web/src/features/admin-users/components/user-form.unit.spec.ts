import { describe, expect, it } from 'vitest';
import type { AdminUserDto } from '@recup/query-api/contracts/admin';
import { checkNewUser, checkUserChanges, emptyUser, valuesOfUser } from './user-form';

const lea: AdminUserDto = { id: 'u1', email: 'lea@example.test', firstName: 'Léa', lastName: 'Martin', phoneNumber: null, role: 'USER', language: 'FR', isVerified: true, createdAt: '2026-11-21T09:00:00.000Z' };

describe('the administrators’ user form', () => {
  it('names every invalid field of a new user with the spec’s message', () => {
    const { input, errors } = checkNewUser({ ...emptyUser(), email: 'not-an-email', firstName: 'L', lastName: '', password: 'short' });
    expect(input).toBeNull();
    expect(errors).toEqual({ email: 'users.validation.email', firstName: 'users.validation.firstName', lastName: 'users.validation.lastName', password: 'users.validation.password' });
  });

  it('accepts a complete new user, verified by default, a blank phone as none', () => {
    const { input } = checkNewUser({ ...emptyUser(), email: ' hugo@example.test ', firstName: 'Hugo', lastName: 'Petit', password: 'long-enough' });
    expect(input).toEqual({ email: 'hugo@example.test', firstName: 'Hugo', lastName: 'Petit', phoneNumber: null, role: 'USER', language: 'FR', password: 'long-enough', isVerified: true });
  });

  it('sends only the fields that changed, and nothing when nothing did', () => {
    expect(checkUserChanges(lea, valuesOfUser(lea))).toEqual({ changes: null, errors: {} });
    expect(checkUserChanges(lea, { ...valuesOfUser(lea), lastName: 'Moreau', isVerified: false }).changes).toEqual({ lastName: 'Moreau', isVerified: false });
  });

  it('keeps the password when left blank, and wants 8 characters when typed', () => {
    expect(checkUserChanges(lea, { ...valuesOfUser(lea), password: 'new-password' }).changes).toEqual({ password: 'new-password' });
    expect(checkUserChanges(lea, { ...valuesOfUser(lea), password: 'short' }).errors).toEqual({ password: 'users.validation.passwordEdit' });
  });

  it('says a name holds letters, spaces, apostrophes and hyphens only, when it holds a link or digits', () => {
    expect(checkNewUser({ ...emptyUser(), email: 'x@example.test', firstName: 'Pay at evil.test', lastName: 'Petit', password: 'long-enough' }).errors).toEqual({ firstName: 'common:nameRule.firstName' });
    expect(checkUserChanges(lea, { ...valuesOfUser(lea), lastName: 'Martin 2' }).errors).toEqual({ lastName: 'common:nameRule.lastName' });
  });
});
