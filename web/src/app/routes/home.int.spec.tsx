import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import i18next from 'i18next';
import type { CourseDto, CurrentUserDto } from '@recup/query-api/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch, searchAnswer } from '../../testing/fetch-stub';
import { aCourse, aUser } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { HomeRoute } from './home';

const fiveCourses = ['Toulon', 'Nice', 'Marseille', 'Avignon', 'Gap'].map((city, index) =>
  aCourse({ id: `c${index + 1}`, title: city, titleEn: city, city }),
);

function serve({ user = null, courses = fiveCourses }: { user?: CurrentUserDto | null; courses?: CourseDto[] } = {}) {
  return stubFetch(({ url }) => {
    if (url.pathname === '/api/auth/me') return user ? json(200, user) : problem(401, 'UNAUTHENTICATED', 'Non connecté');
    if (url.pathname === '/api/courses/search') return json(200, searchAnswer(url, courses));
    return problem(404, 'NOT_FOUND', 'Introuvable');
  });
}

function renderHome() {
  return renderWithProviders(<HomeRoute />, { path: '/' });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fr');
});

describe('a signed-in visitor of the home page', () => {
  it.each([
    ['USER', '/dashboard'],
    ['ADMIN', '/admin'],
    ['ORGANIZATION', '/organization'],
  ] as const)('is sent, as %s, to %s', async (role, destination) => {
    serve({ user: aUser(role) });
    const { router } = renderHome();
    await waitFor(() => expect(router.state.location.pathname).toBe(destination));
  });
});

describe('hero search', () => {
  it('goes to the course list with the trimmed place, encoded in the address', async () => {
    serve();
    const { router } = renderHome();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Ville ou code postal'), '  Saint-Raphaël & Fréjus  ');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    expect(router.state.location.search).toBe(`?location=${encodeURIComponent('Saint-Raphaël & Fréjus')}`);
    expect(new URLSearchParams(router.state.location.search).get('location')).toBe('Saint-Raphaël & Fréjus');
  });

  it('does nothing when the text is blank', async () => {
    serve();
    const { router } = renderHome();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await user.type(screen.getByLabelText('Ville ou code postal'), '   ');
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('POP');
  });
});

describe('home page sections', () => {
  it('has one main title and no skipped heading level', async () => {
    serve();
    renderHome();
    await screen.findByRole('link', { name: 'Toulon' });
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.slice(1).forEach((level, index) => expect(level - (levels[index] ?? 0)).toBeLessThanOrEqual(1));
  });

  it('lists the three benefits: search, booking and training centres', async () => {
    serve();
    renderHome();
    const benefits = screen.getByRole('region', { name: "Pourquoi passer par Récup'Points ?" });
    const titles = within(benefits).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Recherche simple', 'Réservation en ligne', 'Centres agréés']);
  });

  it('shows three steps half-way done, with a call to the course list', () => {
    serve();
    renderHome();
    const steps = screen.getByRole('region', { name: 'Comment ça marche ?' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    const progress = within(steps).getByRole('progressbar', { name: 'Avancement du parcours' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    expect(progress).toHaveAttribute('aria-valuetext', 'Étapes 1 et 2 sur 3');
    expect(within(steps).getByRole('link', { name: 'Trouver mon stage' })).toHaveAttribute('href', '/courses');
  });

  it('shows the first three upcoming courses and a link to all of them', async () => {
    serve({ courses: [aCourse({ id: 'past', title: 'Hier', startDate: '2000-01-01T08:00:00.000Z' }), ...fiveCourses] });
    renderHome();
    const featured = screen.getByRole('region', { name: 'Prochains stages' });
    await within(featured).findByRole('link', { name: 'Toulon' });
    expect(within(featured).getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Toulon',
      'Nice',
      'Marseille',
    ]);
    expect(within(featured).getByRole('link', { name: 'Voir tous les stages' })).toHaveAttribute('href', '/courses');
  });

  it('asks the search for its first page only, without any filter', async () => {
    const { requests } = serve();
    renderHome();
    await screen.findByRole('link', { name: 'Toulon' });
    const search = requests.find((request) => request.url.pathname === '/api/courses/search');
    expect(Object.fromEntries([...(search?.url.searchParams ?? [])].filter(([key]) => key !== 't'))).toEqual({ page: '1', pageSize: '6' });
  });

  it('shows three placeholder cards while the courses load', () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderHome();
    const featured = screen.getByRole('region', { name: 'Prochains stages' });
    expect(within(featured).getByRole('status')).toHaveTextContent('Chargement des prochains stages…');
    expect(featured.querySelectorAll('.MuiCard-root[aria-hidden="true"]')).toHaveLength(3);
  });

  it('offers to retry when the courses cannot be loaded', async () => {
    let fail = true;
    stubFetch(({ url }) => {
      if (url.pathname === '/api/auth/me') return problem(401, 'UNAUTHENTICATED', 'Non connecté');
      return fail ? new Response('down', { status: 503 }) : json(200, searchAnswer(url, fiveCourses));
    });
    renderHome();
    expect(await screen.findByText('Impossible de charger les stages')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'Nice' })).toBeInTheDocument();
    expect(screen.queryByText('Impossible de charger les stages')).not.toBeInTheDocument();
  });

  it('shows three reviews rated 5, 4.5 and 5 out of 5, each with a name and a city', () => {
    serve();
    renderHome();
    const reviews = screen.getByRole('region', { name: 'Ils ont récupéré leurs points' });
    expect(within(reviews).getAllByRole('img').map((rating) => rating.getAttribute('aria-label'))).toEqual([
      'Note : 5 sur 5',
      'Note : 4,5 sur 5',
      'Note : 5 sur 5',
    ]);
    expect(within(reviews).getAllByRole('figure')).toHaveLength(3);
    expect(within(reviews).getByText('Thomas L.').parentElement).toHaveTextContent('Thomas L., Nice');
  });

  it('reads the whole page in English', async () => {
    await i18next.changeLanguage('en');
    serve();
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Recover up to 4 points in 2 days' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Journey progress' })).toHaveAttribute('aria-valuetext', 'Steps 1 and 2 of 3');
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'View all courses' })).toHaveAttribute('href', '/courses');
  });

  it('breaks no WCAG A or AA rule that can be checked without a layout', async () => {
    serve();
    const { container } = renderHome();
    await screen.findByRole('link', { name: 'Toulon' });
    const results = await axe.run(container, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      // jsdom paints nothing: contrast is checked in the browser tests.
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
  });
});
