import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUserDto } from '@recup/query-api/contracts';
import { json, problem, stubFetch, searchAnswer } from '../testing/fetch-stub';
import { aBooking, aUser } from '../testing/fixtures';
import { renderRoutes } from '../testing/render';
import { routes } from './router';

function serve(user: CurrentUserDto | null) {
  return stubFetch(({ url }) => {
    if (url.pathname === '/api/auth/me') return user ? json(200, user) : problem(401, 'UNAUTHENTICATED', 'Non connecté');
    if (url.pathname === '/api/courses/search') return json(200, searchAnswer(url, []));
    if (url.pathname === '/api/user/bookings') return json(200, [aBooking()]);
    return problem(404, 'NOT_FOUND', 'Introuvable');
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('administration area', () => {
  it('sends an anonymous visitor home', async () => {
    serve(null);
    const { router } = renderRoutes(routes, '/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a learner to the dashboard', async () => {
    serve(aUser('USER'));
    const { router } = renderRoutes(routes, '/admin/payments');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('opens for an administrator', async () => {
    serve(aUser('ADMIN'));
    const { router } = renderRoutes(routes, '/admin/organizations');
    // The area loads on demand, with its data grid: the first import in a test takes a few seconds.
    expect(await screen.findByRole('heading', { level: 1, name: 'Gestion des centres' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/organizations');
  });
});

describe('training-centre area', () => {
  it('sends an administrator to the dashboard', async () => {
    serve(aUser('ADMIN'));
    const { router } = renderRoutes(routes, '/organization/courses/batch');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('opens for a training centre', async () => {
    const centre = {
      id: 'o1', name: 'Centre Azur Sécurité', address: '12 avenue Jean Médecin', city: 'Nice', postalCode: '06000', email: 'contact@azur.test',
      phoneNumber: '0493000000', website: null, description: null, descriptionEn: null, prefectApprovalReference: 'R-06-001', isVerified: true,
      createdAt: '2026-01-05T09:00:00.000Z', ownerUserId: 'u1',
    };
    stubFetch(({ url }) => {
      if (url.pathname === '/api/auth/me') return json(200, aUser('ORGANIZATION'));
      if (url.pathname === '/api/organization') return json(200, centre);
      return problem(404, 'NOT_FOUND', 'Introuvable');
    });
    renderRoutes(routes, '/organization/courses/batch');
    // The area loads on demand, with its data grid: the first import in a test takes a few seconds.
    expect(await screen.findByRole('heading', { level: 1, name: 'Créer plusieurs stages' }, { timeout: 15_000 })).toBeInTheDocument();
  });
});

describe('learner pages', () => {
  it('tells an anonymous visitor of the dashboard to sign in', async () => {
    serve(null);
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('Vous devez être connecté pour accéder à cette page')).toBeInTheDocument();
  });

  it('sends an anonymous visitor of the checkout home', async () => {
    serve(null);
    const { router } = renderRoutes(routes, '/checkout/b1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a checkout without booking to the dashboard', async () => {
    serve(aUser());
    const { router } = renderRoutes(routes, '/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends a signed-in user from home to the page of their role', async () => {
    serve(aUser('ORGANIZATION'));
    const { router } = renderRoutes(routes, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization'));
  });
});

describe('any other address', () => {
  it('shows the not-found page', async () => {
    serve(null);
    renderRoutes(routes, '/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page introuvable' })).toBeInTheDocument();
  });

  it('names every page in the tab title', async () => {
    serve(null);
    renderRoutes(routes, '/terms-and-conditions');
    await waitFor(() => expect(document.title).toBe("Conditions générales | Récup'Points"));
  });
});
