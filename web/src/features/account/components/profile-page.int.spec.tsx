import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileDto } from '@recup/query-api/contracts';
import { routes } from '../../../app/router';
import { json, problem, stubFetch, type RecordedRequest } from '../../../testing/fetch-stub';
import { aProfile, aUser } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';

type Handlers = {
  patch?: (request: RecordedRequest) => Response;
  changePassword?: (request: RecordedRequest) => Response;
};

function serve(profile: ProfileDto | null, handlers: Handlers = {}) {
  const stub = stubFetch((request) => {
    const { url, method } = request;
    if (url.pathname === '/api/auth/me') return profile ? json(200, aUser()) : problem(401, 'UNAUTHENTICATED', 'Non connecté');
    if (url.pathname === '/api/users/profile' && method === 'GET') return profile ? json(200, profile) : problem(401, 'UNAUTHENTICATED', 'Non connecté');
    if (url.pathname === '/api/users/profile' && method === 'PATCH') {
      return handlers.patch?.(request) ?? json(200, { ...profile, ...(request.body as object) });
    }
    if (url.pathname === '/api/users/change-password' && method === 'POST') {
      return handlers.changePassword?.(request) ?? new Response(null, { status: 204 });
    }
    return problem(404, 'NOT_FOUND', 'Introuvable');
  });
  const calls = (path: string, method: string) => stub.requests.filter((request) => request.url.pathname === path && request.method === method);
  return { ...stub, calls };
}

function detailsForm() {
  return screen.getByRole('form', { name: 'Informations personnelles' });
}

function passwordForm() {
  return screen.getByRole('form', { name: 'Changer le mot de passe' });
}

async function replace(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) {
    await user.click(field);
    await user.paste(text);
  }
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fr');
});

describe('the profile of an anonymous visitor', () => {
  it('is refused, with the access-denied panel', async () => {
    serve(null);
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('Vous devez être connecté pour accéder à cette page')).toBeInTheDocument();
  });
});

describe('the profile form', () => {
  it('shows every saved field, the e-mail read-only and a way back to the dashboard', async () => {
    serve(aProfile());
    renderRoutes(routes, '/profile');
    await screen.findByRole('form', { name: 'Informations personnelles' });
    const form = within(detailsForm());

    expect(form.getByLabelText('Email')).toHaveValue('marie@example.fr');
    expect(form.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(form.getByRole('radio', { name: 'Mme' })).toBeChecked();
    expect(form.getByLabelText(/^Prénom/)).toHaveValue('Marie');
    expect(form.getByLabelText('Date de naissance')).toHaveValue('15/03/1990');
    expect(form.getByLabelText('Pays de naissance')).toHaveValue('PL');
    expect(form.getByLabelText('Ville')).toHaveValue('Toulon');
    expect(form.getByLabelText('Pays')).toHaveValue('FR');
    expect(form.getByLabelText(/^Langue/)).toHaveValue('FR');
    expect(screen.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute('href', '/dashboard');
  });

  it('saves every field, says so, and renames the account menu', async () => {
    const { calls } = serve(aProfile());
    renderRoutes(routes, '/profile');
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Informations personnelles' });
    const form = within(detailsForm());
    await replace(user, form.getByLabelText(/^Prénom/), 'Jeanne');
    await replace(user, form.getByLabelText('Ville'), 'Hyères');
    await replace(user, form.getByLabelText('Date de naissance'), '');
    await user.click(form.getByRole('button', { name: 'Enregistrer les modifications' }));

    expect(await screen.findByText('Profil mis à jour')).toBeInTheDocument();
    expect(calls('/api/users/profile', 'PATCH')[0]?.body).toEqual({
      title: 'MRS',
      firstName: 'Jeanne',
      lastName: 'Curie',
      dateOfBirth: null,
      countryOfBirth: 'PL',
      placeOfBirth: 'Varsovie',
      address: '12 rue des Lilas',
      addressDetails: null,
      postalCode: '83000',
      city: 'Hyères',
      country: 'FR',
      phoneNumber: '0612345678',
      landlinePhone: null,
      licenseNumber: null,
      language: 'FR',
    });
    expect(await screen.findByRole('button', { name: 'JC — Menu du compte de Jeanne Curie' })).toHaveTextContent('JC');
  });

  it('sends the revision it read as If-Match; refused as stale, says who changed the profile and offers to reload instead of saving', async () => {
    const { calls } = serve(aProfile({ revision: 7 }), {
      patch: () => problem(412, 'STALE_EDIT', 'Modifié entre-temps', { changedBy: 'administrator', changedAt: '2026-11-21T09:05:00.000Z' }),
    });
    renderRoutes(routes, '/profile');
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Informations personnelles' });
    const form = within(detailsForm());
    await replace(user, form.getByLabelText('Ville'), 'Hyères');
    await user.click(form.getByRole('button', { name: 'Enregistrer les modifications' }));

    const alert = await form.findByRole('alert');
    expect(alert).toHaveTextContent('Modifié entre-temps par un administrateur, le 21 novembre à 10h05 : rechargez la page pour voir ses changements.');
    expect(within(alert).getByRole('button', { name: 'Recharger la page' })).toBeInTheDocument();
    const [sent] = calls('/api/users/profile', 'PATCH');
    expect(sent?.headers.get('If-Match')).toBe('"7"');
    expect(sent?.body).not.toHaveProperty('ifMatch');
    // What the user typed stays, and cannot be sent again over the other's change.
    expect(form.getByLabelText('Ville')).toHaveValue('Hyères');
    expect(form.getByRole('button', { name: 'Enregistrer les modifications' })).toBeDisabled();
    expect(screen.queryByText('Profil mis à jour')).not.toBeInTheDocument();
  });

  it('reads a date of birth typed as digits, shows it DD/MM/YYYY and saves the day', async () => {
    const { calls } = serve(aProfile());
    renderRoutes(routes, '/profile');
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Informations personnelles' });
    const form = within(detailsForm());
    const birth = form.getByLabelText('Date de naissance');
    await user.clear(birth);
    await user.type(birth, '14031988');
    await user.tab();
    expect(birth).toHaveValue('14/03/1988');
    await user.click(form.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(await screen.findByText('Profil mis à jour')).toBeInTheDocument();
    expect(calls('/api/users/profile', 'PATCH')[0]?.body).toMatchObject({ dateOfBirth: '1988-03-14' });
  });

  it('says why a date of birth cannot be saved, and sends nothing', async () => {
    const { calls } = serve(aProfile());
    renderRoutes(routes, '/profile');
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Informations personnelles' });
    const form = within(detailsForm());
    const birth = form.getByLabelText('Date de naissance');
    await user.clear(birth);
    await user.type(birth, '31/02/1988');
    await user.tab();
    expect(birth).toHaveValue('31/02/1988');
    expect(birth).toHaveAccessibleDescription('Cette date n’existe pas : vérifiez le jour et le mois (JJ/MM/AAAA).');
    await user.click(form.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(birth).toHaveAttribute('aria-invalid', 'true');
    expect(calls('/api/users/profile', 'PATCH')).toHaveLength(0);
  });

  it('wants two letters in each name, with the profile wording', async () => {
    const { calls } = serve(aProfile());
    renderRoutes(routes, '/profile');
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Informations personnelles' });
    const form = within(detailsForm());
    await replace(user, form.getByLabelText(/^Prénom/), 'J');
    await replace(user, form.getByLabelText(/^Nom/), '');
    await user.click(form.getByRole('button', { name: 'Enregistrer les modifications' }));

    expect(await form.findByText('Le prénom doit contenir au moins 2 caractères.')).toBeInTheDocument();
    expect(form.getByText('Le nom doit contenir au moins 2 caractères.')).toBeInTheDocument();
    expect(calls('/api/users/profile', 'PATCH')).toHaveLength(0);
  });

  it('switches the interface when the profile language changes', async () => {
    serve(aProfile());
    renderRoutes(routes, '/profile');
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Informations personnelles' });
    await user.selectOptions(within(detailsForm()).getByLabelText(/^Langue/), 'EN');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Enregistrer les modifications' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeInTheDocument();
  });

  it("names a failure with the profile error label and the server's message", async () => {
    serve(aProfile(), { patch: () => problem(400, 'VALIDATION_FAILED', 'Code postal trop long', { field: 'postalCode' }) });
    renderRoutes(routes, '/profile');
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Informations personnelles' });
    await user.click(within(detailsForm()).getByRole('button', { name: 'Enregistrer les modifications' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Erreur lors du chargement du profil');
    expect(toast).toHaveTextContent('Code postal trop long');
    expect(within(detailsForm()).getByLabelText('Code postal')).toHaveAccessibleDescription('Code postal trop long');
  });
});

describe('the password change', () => {
  async function fillPasswords(current: string, next: string, confirmation: string) {
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Changer le mot de passe' });
    const form = within(passwordForm());
    await user.type(form.getByLabelText(/^Mot de passe actuel/), current);
    await user.type(form.getByLabelText(/^Nouveau mot de passe/), next);
    await user.type(form.getByLabelText(/^Confirmer le nouveau mot de passe/), confirmation);
    await user.click(form.getByRole('button', { name: 'Mettre à jour le mot de passe' }));
    return form;
  }

  it('wants a confirmation that matches', async () => {
    const { calls } = serve(aProfile());
    renderRoutes(routes, '/profile');
    const form = await fillPasswords('old-secret', 'new-secret-1', 'new-secret-2');
    expect(await form.findByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
    expect(calls('/api/users/change-password', 'POST')).toHaveLength(0);
  });

  it('changes it, says so and empties the fields', async () => {
    const { calls } = serve(aProfile());
    renderRoutes(routes, '/profile');
    const form = await fillPasswords('old-secret', 'new-secret-1', 'new-secret-1');

    expect(await screen.findByText('Mot de passe modifié')).toBeInTheDocument();
    expect(calls('/api/users/change-password', 'POST')[0]?.body).toEqual({ currentPassword: 'old-secret', newPassword: 'new-secret-1' });
    await waitFor(() => expect(form.getByLabelText(/^Mot de passe actuel/)).toHaveValue(''));
    expect(form.getByLabelText(/^Nouveau mot de passe/)).toHaveValue('');
    expect(form.getByLabelText(/^Confirmer le nouveau mot de passe/)).toHaveValue('');
  });

  it('shows a wrong current password on that field', async () => {
    serve(aProfile(), {
      changePassword: () => problem(400, 'WRONG_PASSWORD', 'Le mot de passe actuel est incorrect', { field: 'currentPassword' }),
    });
    renderRoutes(routes, '/profile');
    const form = await fillPasswords('not-my-password', 'new-secret-1', 'new-secret-1');

    await waitFor(() => expect(form.getByLabelText(/^Mot de passe actuel/)).toHaveAccessibleDescription('Le mot de passe actuel est incorrect'));
    expect(form.getByLabelText(/^Mot de passe actuel/)).toHaveAttribute('aria-invalid', 'true');
  });
});
