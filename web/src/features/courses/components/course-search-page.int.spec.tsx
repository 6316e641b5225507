import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { aCourse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { CourseSearchPage } from './course-search-page';

const courses = Array.from({ length: 13 }, (_, index) => aCourse({ id: `c${index + 1}`, title: `Ville ${index + 1}` }));

function serve(answer = courses) {
  return stubFetch(({ url }) => (url.pathname === '/api/courses/search' ? json(200, answer) : json(404, {})));
}

function renderPage(route = '/courses') {
  return renderWithProviders(<CourseSearchPage />, { path: '/courses', route });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('course list', () => {
  it('shows 12 courses a page, with the count and the page number', async () => {
    serve();
    renderPage();
    expect(await screen.findByText('13 stages trouvés')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 2')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Voir le stage' })).toHaveLength(12);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Page 2 sur 2')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Voir le stage' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Ville 13' })).toHaveAttribute('href', '/courses/c13');
  });

  it('says a single course in the singular', async () => {
    serve([aCourse()]);
    renderPage();
    expect(await screen.findByText('1 stage trouvé')).toBeInTheDocument();
  });

  it('searches the place and department of the address, and names the place in the title', async () => {
    const { requests } = serve();
    renderPage('/courses?location=Toulon&department=83');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stages près de « Toulon »' })).toBeInTheDocument();
    const search = requests[0]?.url.searchParams;
    expect(search?.get('location')).toBe('Toulon');
    expect(search?.get('department')).toBe('83');
    expect(search?.has('maxPrice')).toBe(false);
    expect(search?.has('maxDistance')).toBe(false);
  });

  it('puts a new place in the address', async () => {
    serve();
    const { router } = renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Ville ou code postal'), '  Nice ');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=Nice'));
  });

  it('sends the filters only once applied, the distance only around a place', async () => {
    const { requests } = serve();
    const { router } = renderPage('/courses?location=Toulon');
    await screen.findByText('13 stages trouvés');
    const user = userEvent.setup();
    const filters = screen.getByRole('form', { name: 'Filtres' });
    await user.click(within(filters).getByRole('switch', { name: 'Week-end uniquement' }));
    expect(requests).toHaveLength(1);

    await user.click(within(filters).getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    const applied = requests[1]?.url.searchParams;
    expect(applied?.get('weekend')).toBe('true');
    expect(applied?.get('maxPrice')).toBe('300');
    expect(applied?.get('maxDistance')).toBe('50');
    expect(router.state.location.search).toBe('?location=Toulon');
  });

  it('offers to reset an empty search', async () => {
    serve([]);
    const { router } = renderPage('/courses?location=Nowhere');
    expect(await screen.findByText('Aucun stage trouvé')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réinitialiser la recherche' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('offers to retry a failed search', async () => {
    let fail = true;
    stubFetch(() => (fail ? new Response('down', { status: 500 }) : json(200, courses)));
    renderPage();
    expect(await screen.findByText('Impossible de charger les stages')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('13 stages trouvés')).toBeInTheDocument();
  });
});
