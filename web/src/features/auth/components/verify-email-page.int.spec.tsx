import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router';
import { json, problem, stubFetch, type RecordedRequest, searchAnswer } from '../../../testing/fetch-stub';
import { renderRoutes } from '../../../testing/render';

function serve(verify: (request: RecordedRequest) => Response) {
  const stub = stubFetch((request) => {
    if (request.url.pathname === '/api/auth/me') return problem(401, 'UNAUTHENTICATED', 'Non connecté');
    if (request.url.pathname === '/api/auth/verify-email') return verify(request);
    if (request.url.pathname === '/api/courses/search') return json(200, searchAnswer(request.url, []));
    return problem(404, 'NOT_FOUND', 'Introuvable');
  });
  const verifications = () => stub.requests.filter((request) => request.url.pathname === '/api/auth/verify-email');
  return { ...stub, verifications };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the verification page without a token', () => {
  it('says no token was given, calls nothing, and offers a new e-mail', async () => {
    const { verifications } = serve(() => json(200, { message: 'ok' }));
    renderRoutes(routes, '/verify-email?email=new%40example.fr');

    expect(await screen.findByText('Aucun jeton de vérification fourni')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Renvoyer l'e-mail" })).toHaveAttribute('href', '/resend-verification?email=new%40example.fr');
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    expect(verifications()).toHaveLength(0);
  });
});

describe('the verification page with a valid token', () => {
  it('spends the token once, even under StrictMode, and says the address is verified', async () => {
    const { verifications } = serve(() => json(200, { message: 'Votre adresse e-mail est vérifiée.' }));
    renderRoutes(routes, '/verify-email?token=abc123', { strict: true });

    expect(screen.getByText('Vérification de votre adresse e-mail…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Adresse e-mail vérifiée' })).toBeInTheDocument();
    expect(screen.getByText('Votre adresse e-mail est vérifiée.')).toBeInTheDocument();
    expect(verifications()).toHaveLength(1);
    expect(verifications()[0]?.url.searchParams.get('token')).toBe('abc123');
  });

  it('signs in from home, in the modal', async () => {
    serve(() => json(200, { message: 'Votre adresse e-mail est vérifiée.' }));
    const { router } = renderRoutes(routes, '/verify-email?token=abc123');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Se connecter' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Connexion', selected: true })).toBeInTheDocument();
  });
});

describe('the verification page of a learner who signed up from a course', () => {
  it('signs in on that course, in the modal', async () => {
    serve(() => json(200, { message: 'Votre adresse e-mail est vérifiée.' }));
    const { router } = renderRoutes(routes, `/verify-email?token=abc123&returnTo=${encodeURIComponent('/courses/c-42')}`);
    expect(await screen.findByText('Connectez-vous : vous retrouverez le stage que vous consultiez.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/c-42'));
    expect(within(await screen.findByRole('dialog')).getByRole('tab', { name: 'Connexion', selected: true })).toBeInTheDocument();
  });

  it('never leaves the site, whatever the link says', async () => {
    serve(() => json(200, { message: 'Votre adresse e-mail est vérifiée.' }));
    const { router } = renderRoutes(routes, `/verify-email?token=abc123&returnTo=${encodeURIComponent('//evil.example/courses')}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('the verification page with a refused token', () => {
  it('asks for a new link when the token has expired', async () => {
    serve(() => problem(400, 'TOKEN_EXPIRED', 'Le lien a expiré'));
    renderRoutes(routes, '/verify-email?token=old&email=new%40example.fr');

    expect(await screen.findByText('Ce lien de vérification a expiré. Demandez un nouveau lien ci-dessous.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Échec de la vérification' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Renvoyer l'e-mail" })).toHaveAttribute('href', '/resend-verification?email=new%40example.fr');
  });

  it("shows the server's message for an unknown token", async () => {
    serve(() => problem(400, 'TOKEN_INVALID', 'Ce lien de vérification est invalide.'));
    renderRoutes(routes, '/verify-email?token=nope');
    expect(await screen.findByText('Ce lien de vérification est invalide.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Renvoyer l'e-mail" })).toHaveAttribute('href', '/resend-verification');
  });

  it('shows the generic error when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn((input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/auth/verify-email') return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(problem(401, 'UNAUTHENTICATED', 'Non connecté'));
    }));
    renderRoutes(routes, '/verify-email?token=abc');
    expect(await screen.findByText('Une erreur est survenue lors de la vérification de votre adresse e-mail.')).toBeInTheDocument();
  });
});
