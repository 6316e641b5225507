import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminUserDto } from '@recup/query-api/contracts';
import { adminCommonEn } from '../../../components/admin/locales/en';
import { adminCommonFr } from '../../../components/admin/locales/fr';
import { json, problem, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { adminUsersEn } from '../locales/en';
import { adminUsersFr } from '../locales/fr';
import { UserFormDialog } from './user-form-dialog';

// The `admin` namespace as the admin area assembles it: the shared administration texts, this feature's under `users`.
const adminFr = { ...adminCommonFr, users: adminUsersFr };
const adminEn = { ...adminCommonEn, users: adminUsersEn };

const marie: AdminUserDto = {
  id: 'u1', email: 'marie@example.fr', firstName: 'Marie', lastName: 'Curie', phoneNumber: '0612345678', role: 'USER', language: 'FR',
  isVerified: true, createdAt: '2026-01-05T10:00:00.000Z', revision: 4,
};

beforeAll(() => {
  i18next.addResourceBundle('fr', 'admin', adminFr, true, true);
  i18next.addResourceBundle('en', 'admin', adminEn, true, true);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fr');
});

describe('an administrator edits an account somebody changed meanwhile', () => {
  it('sends the revision of the list as If-Match and, refused as stale, names who changed it, offers a reload and saves nothing over it', async () => {
    const { requests } = stubFetch((request) => {
      if (request.method === 'PATCH') return problem(412, 'STALE_EDIT', 'Modifié entre-temps', { changedBy: 'person', changedByName: 'Marie Curie', changedAt: '2026-11-21T09:05:00.000Z' });
      return json(200, {});
    });
    const onClose = vi.fn();
    renderWithProviders(<UserFormDialog open user={marie} onClose={onClose} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    const phone = within(dialog).getByRole('textbox', { name: /Téléphone/ });
    await user.clear(phone);
    await user.type(phone, '0699887766');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    const alert = await within(dialog).findByTestId('stale-edit');
    expect(alert).toHaveTextContent('Modifié entre-temps par Marie Curie, le 21 novembre à 10h05 : rechargez la page pour voir ses changements.');
    expect(within(alert).getByRole('button', { name: 'Recharger la page' })).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/api/admin/users/u1');
    expect(patch.headers.get('If-Match')).toBe('"4"');
    expect(within(dialog).getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
    // The form shows it; no toast repeats it.
    expect(screen.getAllByText('Modifié entre-temps')).toHaveLength(1);
  });
});
