import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router';
import { json, problem, stubFetch } from '../../../testing/fetch-stub';
import { renderRoutes } from '../../../testing/render';

function serve(reset: () => Response) {
  const stub = stubFetch(({ url, method }) => {
    if (url.pathname === '/api/auth/me') return problem(401, 'UNAUTHENTICATED', 'Non connecté');
    if (url.pathname === '/api/auth/reset-password' && method === 'POST') return reset();
    return problem(404, 'NOT_FOUND', 'Introuvable');
  });
  return { ...stub, resets: () => stub.requests.filter((request) => request.url.pathname === '/api/auth/reset-password') };
}

async function submit(newPassword: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Nouveau mot de passe/), newPassword);
  await user.type(screen.getByLabelText(/^Confirmer le nouveau mot de passe/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the reset page without a token', () => {
  it('says no token was given and offers a way back', async () => {
    serve(() => json(200, { message: 'ok' }));
    renderRoutes(routes, '/reset-password');
    expect(await screen.findByText('Aucun jeton de réinitialisation fourni')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    expect(screen.queryByLabelText(/^Nouveau mot de passe/)).not.toBeInTheDocument();
  });
});

describe('the reset form', () => {
  it('refuses a confirmation that differs, on the confirmation', async () => {
    const { resets } = serve(() => json(200, { message: 'ok' }));
    renderRoutes(routes, '/reset-password?token=t1');
    await submit('new-secret-1', 'new-secret-2');
    expect(await screen.findByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirmer le nouveau mot de passe/)).toHaveAccessibleDescription('Les mots de passe ne correspondent pas');
    expect(resets()).toHaveLength(0);
  });

  it('wants eight characters in both fields', async () => {
    const { resets } = serve(() => json(200, { message: 'ok' }));
    renderRoutes(routes, '/reset-password?token=t1');
    await submit('short', 'short');
    expect(await screen.findAllByText('Le mot de passe doit contenir au moins 8 caractères')).toHaveLength(2);
    expect(resets()).toHaveLength(0);
  });

  it('sends the token and the new password, then offers to sign in', async () => {
    const { resets } = serve(() => json(200, { message: 'Votre mot de passe a été réinitialisé.' }));
    renderRoutes(routes, '/reset-password?token=t1');
    const user = await submit('new-secret-1', 'new-secret-1');

    expect(await screen.findByRole('heading', { name: 'Mot de passe réinitialisé' })).toBeInTheDocument();
    expect(resets()[0]?.body).toEqual({ token: 't1', newPassword: 'new-secret-1' });
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(within(await screen.findByRole('dialog')).getByRole('tab', { name: 'Connexion', selected: true })).toBeInTheDocument();
  });

  it('asks for a new link when the token has expired', async () => {
    serve(() => problem(400, 'TOKEN_EXPIRED', 'Lien expiré'));
    renderRoutes(routes, '/reset-password?token=old');
    await submit('new-secret-1', 'new-secret-1');

    expect(await screen.findByText('Ce lien de réinitialisation a expiré. Demandez un nouveau lien.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/forgot-password');
  });

  it("shows the server's message for an unknown token", async () => {
    serve(() => problem(400, 'TOKEN_INVALID', 'Ce lien de réinitialisation est invalide.'));
    renderRoutes(routes, '/reset-password?token=nope');
    await submit('new-secret-1', 'new-secret-1');
    expect(await screen.findByText('Ce lien de réinitialisation est invalide.')).toBeInTheDocument();
  });

  it('says on the field when the new password is one of the most common, and keeps the form to choose another', async () => {
    const message = 'Le nouveau mot de passe fait partie des plus couramment utilisés : choisissez-en un autre, plus difficile à deviner.';
    let answer = () => problem(400, 'PASSWORD_TOO_COMMON', message, { field: 'newPassword' });
    const { resets } = serve(() => answer());
    renderRoutes(routes, '/reset-password?token=t1');
    await submit('azertyuiop', 'azertyuiop');
    expect(await screen.findByLabelText(/^Nouveau mot de passe/)).toHaveAccessibleDescription(message);
    answer = () => json(200, { message: 'Votre mot de passe a été réinitialisé.' });
    await submit('cheval-agrafe-pile', 'cheval-agrafe-pile');
    expect(await screen.findByRole('heading', { name: 'Mot de passe réinitialisé' })).toBeInTheDocument();
    expect(resets().map((request) => (request.body as { token: string }).token)).toEqual(['t1', 't1']);
  });
});
