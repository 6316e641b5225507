import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router';
import { json, problem, stubFetch } from '../../../testing/fetch-stub';
import { renderRoutes } from '../../../testing/render';

function serve(path: string, answer: () => Response) {
  const stub = stubFetch(({ url, method }) => {
    if (url.pathname === '/api/auth/me') return problem(401, 'UNAUTHENTICATED', 'Non connecté');
    if (url.pathname === path && method === 'POST') return answer();
    return problem(404, 'NOT_FOUND', 'Introuvable');
  });
  return { ...stub, calls: () => stub.requests.filter((request) => request.url.pathname === path) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the forgot-password page', () => {
  it('wants a valid address', async () => {
    const { calls } = serve('/api/auth/forgot-password', () => json(202, { message: 'ok' }));
    renderRoutes(routes, '/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }));
    expect(await screen.findByText('Veuillez saisir une adresse e-mail valide')).toBeInTheDocument();
    expect(calls()).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/');
  });

  it('says to check the inbox even when the request failed, so it never tells who has an account', async () => {
    const { calls } = serve('/api/auth/forgot-password', () => problem(500, 'INTERNAL', 'Erreur interne'));
    renderRoutes(routes, '/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'marie@example.fr');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }));
    expect(await screen.findByRole('heading', { name: 'Vérifiez votre boîte de réception' })).toBeInTheDocument();
    expect(calls()[0]?.body).toEqual({ email: 'marie@example.fr' });
  });
});

describe('the resend-verification page', () => {
  it('starts from the address in the link, sends it, and can send again', async () => {
    const { calls } = serve('/api/auth/resend-verification', () => json(202, { message: 'ok' }));
    renderRoutes(routes, '/resend-verification?email=new%40example.fr');
    const user = userEvent.setup();
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('new@example.fr');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));

    expect(await screen.findByRole('heading', { name: 'E-mail envoyé' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Renvoyer à nouveau' }));
    expect(await screen.findByText('E-mail renvoyé')).toBeInTheDocument();
    expect(calls().map((call) => call.body)).toEqual([{ email: 'new@example.fr' }, { email: 'new@example.fr' }]);
  });

  it('wants a valid address', async () => {
    const { calls } = serve('/api/auth/resend-verification', () => json(202, { message: 'ok' }));
    renderRoutes(routes, '/resend-verification');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText('Veuillez saisir une adresse e-mail valide')).toBeInTheDocument();
    expect(calls()).toHaveLength(0);
  });

  it('shows the generic verification error when sending fails', async () => {
    serve('/api/auth/resend-verification', () => problem(429, 'RATE_LIMITED', 'Trop de demandes'));
    renderRoutes(routes, '/resend-verification?email=new%40example.fr');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText('Une erreur est survenue lors de la vérification de votre adresse e-mail.')).toBeInTheDocument();
  });
});
