import { describe, expect, it } from 'vitest';
import { leaves, placeholders } from '../../../../testing/locale-tree';
import { adminCommonFr } from '../../../../components/admin/locales/fr';
import { adminDashboardFr } from '../../../../features/admin-dashboard/locales/fr';
import { adminResources } from './resources';

const { fr: adminFr, en: adminEn } = adminResources;

const french = leaves(adminFr);
const english = leaves(adminEn);

describe('the administrators’ texts (loaded with their screens)', () => {
  it('have in English every French key, and nothing more', () => {
    expect([...english.keys()].sort()).toEqual([...french.keys()].sort());
  });

  it('have no empty text in either language', () => {
    expect([...french, ...english].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it('are put together without one part hiding another’s texts', () => {
    const parts = [Object.keys(adminCommonFr), Object.keys(adminDashboardFr), ['courses', 'bookings', 'payments', 'organizations', 'users', 'statements']];
    expect(Object.keys(adminFr).sort()).toEqual(parts.flat().sort());
  });

  it('use the same placeholders in both languages', () => {
    expect([...french.keys()].filter((key) => placeholders(french.get(key)).join() !== placeholders(english.get(key)).join())).toEqual([]);
  });

  it('keep the specification’s wording', () => {
    expect(adminFr.unauthorized).toBe('Accès non autorisé. Vous devez être administrateur pour accéder à cette page.');
    expect(adminFr.errorFallback).toBe('Une erreur s’est produite');
    expect(adminFr.courses.delete.booked).toBe('Ce stage possède des réservations en cours. Les utilisateurs concernés seront remboursés.');
    expect(adminFr.organizations.form.prefectRequired).toBe('La référence d’approbation du préfet est obligatoire pour créer une organisation');
    expect(adminFr.payments.searchError).toBe('Erreur de recherche');
    expect(adminFr.payments.searchErrorBody).toBe('Impossible de trouver les paiements correspondants');
    expect(adminEn.users.empty).toBe('No users found');
    expect(adminEn.users.delete.body).toBe('This action cannot be undone. This will permanently delete the user {{name}} and all associated data.');
    expect(adminEn.users.form).toMatchObject({ createTitle: 'Create New User', editTitle: 'Edit User', createFailed: 'Failed to create user', updateFailed: 'Failed to update user' });
    expect(adminFr.users.validation).toEqual({
      email: 'Email invalide', firstName: 'Prénom requis (2 caractères minimum)', lastName: 'Nom requis (2 caractères minimum)', role: 'Rôle requis',
      language: 'Langue requise', password: 'Mot de passe requis (8 caractères minimum)', passwordEdit: 'Minimum 8 caractères',
    });
  });
});
