import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUserDto } from '@recup/query-api/contracts';
import { routes } from '../../../app/router';
import { json, problem, stubFetch, searchAnswer } from '../../../testing/fetch-stub';
import { aUser } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';

function serve(login: () => Response) {
  let user: CurrentUserDto | null = null;
  return stubFetch(({ url, method }) => {
    if (url.pathname === '/api/auth/me') return user ? json(200, user) : problem(401, 'UNAUTHENTICATED', 'Non connecté');
    if (url.pathname === '/api/auth/login' && method === 'POST') {
      const answer = login();
      if (answer.ok) void answer.clone().json().then((body: CurrentUserDto) => (user = body));
      return answer;
    }
    if (url.pathname === '/api/auth/logout' && method === 'POST') {
      user = null;
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/api/courses/search') return json(200, searchAnswer(url, []));
    return problem(404, 'NOT_FOUND', 'Introuvable');
  });
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Connexion' }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText(/^Email/), email);
  await user.type(within(dialog).getByLabelText(/^Mot de passe/), password);
  await user.click(within(dialog).getByRole('button', { name: 'Se connecter' }));
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signing in from the header', () => {
  it('keeps a learner on the page, with a welcome and their initials', async () => {
    const { requests } = serve(() => json(200, aUser('USER')));
    const { router } = renderRoutes(routes, '/courses');
    await signIn('marie@example.fr', 'secret12');

    expect(await screen.findByText('Connexion réussie')).toBeInTheDocument();
    expect(screen.getByText('Bienvenue !')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'MC — Menu du compte de Marie Curie' })).toHaveTextContent('MC');
    expect(router.state.location.pathname).toBe('/courses');
    const login = requests.find((request) => request.url.pathname === '/api/auth/login');
    expect(login?.body).toEqual({ email: 'marie@example.fr', password: 'secret12' });
    expect(login?.headers.get('X-Requested-With')).toBe('recup-points');
  });

  it('takes an administrator to the administration', async () => {
    serve(() => json(200, aUser('ADMIN')));
    const { router } = renderRoutes(routes, '/courses');
    await signIn('admin@example.fr', 'secret12');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('refuses wrong credentials with our wording, in the form, until the learner changes what they typed', async () => {
    serve(() => problem(401, 'INVALID_CREDENTIALS', 'Identifiants invalides'));
    renderRoutes(routes, '/courses');
    const user = await signIn('marie@example.fr', 'wrongpass');
    const dialog = screen.getByRole('dialog');
    const failure = await within(dialog).findByRole('alert');
    expect(failure).toHaveTextContent('Échec de connexion');
    expect(failure).toHaveTextContent('Email ou mot de passe incorrect');
    expect(document.querySelectorAll('[data-toast]')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Mot de passe/), 'x');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('never says "sign-in failed" beside "signed in"', async () => {
    const answers = [() => problem(401, 'INVALID_CREDENTIALS', 'Identifiants invalides'), () => json(200, aUser('USER'))];
    serve(() => answers.shift()!());
    renderRoutes(routes, '/courses');
    const user = await signIn('marie@example.fr', 'wrongpass');
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByRole('alert');
    await user.clear(within(dialog).getByLabelText(/^Mot de passe/));
    await user.type(within(dialog).getByLabelText(/^Mot de passe/), 'secret12');
    await user.click(within(dialog).getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Connexion réussie')).toBeInTheDocument();
    expect(screen.queryByText('Échec de connexion')).not.toBeInTheDocument();
  });

  it('sends an unverified account to the resend page with its address', async () => {
    serve(() => problem(403, 'EMAIL_NOT_VERIFIED', 'Adresse non vérifiée', { requiresVerification: true }));
    const { router } = renderRoutes(routes, '/courses');
    await signIn('new@example.fr', 'secret12');
    expect(await screen.findByText('Email non vérifié')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/resend-verification'));
    expect(router.state.location.search).toBe('?email=new%40example.fr');
  });

  it('checks the form before calling the server', async () => {
    const { requests } = serve(() => json(200, aUser()));
    renderRoutes(routes, '/courses');
    await signIn('not-an-email', '123');
    expect(await screen.findByText('Veuillez saisir une adresse e-mail valide')).toBeInTheDocument();
    expect(screen.getByText('Le mot de passe doit contenir au moins 6 caractères')).toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname === '/api/auth/login')).toBe(false);
  });
});

describe('signing out', () => {
  it('says goodbye, forgets the session and goes home', async () => {
    serve(() => json(200, aUser('USER')));
    const { router } = renderRoutes(routes, '/courses');
    const user = await signIn('marie@example.fr', 'secret12');
    await user.click(await screen.findByRole('button', { name: 'MC — Menu du compte de Marie Curie' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Déconnexion' }));

    expect(await screen.findByText('Déconnexion réussie')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Connexion' })).toBeInTheDocument();
  });
});

describe('forgot password, from the sign-in form', () => {
  function serveForgot(answer: () => Response) {
    return stubFetch(({ url, method }) => {
      if (url.pathname === '/api/auth/me') return problem(401, 'UNAUTHENTICATED', 'Non connecté');
      if (url.pathname === '/api/auth/forgot-password' && method === 'POST') return answer();
      if (url.pathname === '/api/courses/search') return json(200, searchAnswer(url, []));
      return problem(404, 'NOT_FOUND', 'Introuvable');
    });
  }

  async function openSignIn() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Connexion' }));
    const dialog = await screen.findByRole('dialog');
    return { user, dialog };
  }

  it('asks for the e-mail address first, without calling the server', async () => {
    const { requests } = serveForgot(() => json(202, { message: 'ok' }));
    renderRoutes(routes, '/courses');
    const { user, dialog } = await openSignIn();
    await user.click(within(dialog).getByRole('button', { name: 'Mot de passe oublié ?' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Email requisVeuillez saisir votre adresse e-mail');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveAccessibleDescription('Veuillez saisir votre adresse e-mail');
    expect(requests.some((request) => request.url.pathname === '/api/auth/forgot-password')).toBe(false);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Typing the address fixes it: the error goes, on the field and in the toast.
    await user.type(within(dialog).getByLabelText(/^Email/), 'm');
    await waitFor(() => expect(screen.queryByText('Email requis')).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText(/^Email/)).not.toHaveAccessibleDescription();
  });

  it('sends the typed address, says to check the inbox and closes the modal', async () => {
    const { requests } = serveForgot(() => json(202, { message: 'Si un compte existe, un e-mail a été envoyé' }));
    renderRoutes(routes, '/courses');
    const { user, dialog } = await openSignIn();
    await user.type(within(dialog).getByLabelText(/^Email/), 'marie@example.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Mot de passe oublié ?' }));

    expect(await screen.findByText('E-mail envoyé, vérifiez votre boîte de réception')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((request) => request.url.pathname === '/api/auth/forgot-password')?.body).toEqual({ email: 'marie@example.fr' });
  });

  it('says so in a destructive toast when the request fails, and stays open', async () => {
    serveForgot(() => problem(429, 'RATE_LIMITED', 'Trop de demandes, réessayez plus tard', {}));
    renderRoutes(routes, '/courses');
    const { user, dialog } = await openSignIn();
    await user.type(within(dialog).getByLabelText(/^Email/), 'marie@example.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Mot de passe oublié ?' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de demandes, réessayez plus tard');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
