import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch, searchAnswer } from '../../../testing/fetch-stub';
import { aCourse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { CourseSearchPage, preloadFilters } from './course-search-page';

// The filters load on demand; the route fetches them with the page on a wide screen, as here.
beforeAll(() => preloadFilters());

const courses = Array.from({ length: 13 }, (_, index) => aCourse({ id: `c${index + 1}`, title: `Ville ${index + 1}` }));

function serve(answer = courses) {
  return stubFetch(({ url }) => (url.pathname === '/api/courses/search' ? json(200, searchAnswer(url, answer)) : json(404, {})));
}

function renderPage(route = '/courses') {
  return renderWithProviders(<CourseSearchPage />, { path: '/courses', route });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await i18next.changeLanguage('fr');
});

/** The last search the page sent, without the cache-busting timestamp. */
function lastSearch(requests: { url: URL }[]): Record<string, string> {
  const search = requests.filter((request) => request.url.pathname === '/api/courses/search').at(-1);
  return Object.fromEntries([...(search?.url.searchParams ?? [])].filter(([key]) => !['t', 'page', 'pageSize'].includes(key)));
}

/**
 * jsdom answers no media query. MUI asks `(max-width:899.95px)` for "below md" (a 360 px phone says yes), and the
 * date pickers ask `(pointer: fine)` to open as a popup with a calendar button (a desktop mouse says yes).
 */
function onScreen(screenKind: 'phone' | 'desktop') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: screenKind === 'phone' ? query.includes('max-width') : query.includes('pointer: fine'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('course list', () => {
  it('shows 12 courses a page, with the count and the page number, asking the server for one page at a time', async () => {
    const { requests } = serve();
    renderPage();
    expect(await screen.findByText('13 stages trouvés')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 2')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Voir le stage' })).toHaveLength(12);
    const asked = () => requests.filter((r) => r.url.pathname === '/api/courses/search').map((r) => `${r.url.searchParams.get('page')}/${r.url.searchParams.get('pageSize')}`);
    expect(asked()).toEqual(['1/12']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('link', { name: 'Ville 13' })).toHaveAttribute('href', '/courses/c13');
    expect(screen.getByText('Page 2 sur 2')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Voir le stage' })).toHaveLength(1);
    expect(asked()).toEqual(['1/12', '2/12']);
  });

  it('says a single course in the singular', async () => {
    serve([aCourse()]);
    renderPage();
    expect(await screen.findByText('1 stage trouvé')).toBeInTheDocument();
  });

  it('searches the place and department of the address with the filters the panel shows, and names the place in the title', async () => {
    const { requests } = serve();
    renderPage('/courses?location=Toulon&department=83');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stages près de «\u00a0Toulon\u00a0»' })).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(lastSearch(requests)).toEqual({ location: 'Toulon', department: '83', maxPrice: '300', maxDistance: '50' });
    expect(screen.getByRole('slider', { name: 'Prix maximum' })).toHaveAttribute('aria-valuenow', '300');
    expect(screen.getByRole('slider', { name: 'Distance maximale' })).toHaveAttribute('aria-valuenow', '50');
  });

  it('shows and applies the filters of the address, as after a reload', async () => {
    const { requests } = serve();
    renderPage('/courses?location=Toulon&weekend=true&maxPrice=200&maxDistance=30');
    await screen.findByText('13 stages trouvés');
    expect(lastSearch(requests)).toEqual({ location: 'Toulon', weekend: 'true', maxPrice: '200', maxDistance: '30' });
    expect(screen.getByRole('switch', { name: 'Week-end uniquement' })).toBeChecked();
    expect(screen.getByRole('slider', { name: 'Prix maximum' })).toHaveAttribute('aria-valuenow', '200');
    expect(screen.getByRole('slider', { name: 'Distance maximale' })).toHaveAttribute('aria-valuenow', '30');
  });

  it('puts a new place in the address', async () => {
    serve();
    const { router } = renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Ville ou code postal'), '  Nice ');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=Nice'));
  });

  it('sends a changed filter only once applied, and puts it in the address', async () => {
    const { requests } = serve();
    const { router } = renderPage('/courses?location=Toulon');
    await screen.findByText('13 stages trouvés');
    const user = userEvent.setup();
    const filters = screen.getByRole('form', { name: 'Filtres' });
    await user.click(within(filters).getByRole('switch', { name: 'Week-end uniquement' }));
    expect(requests).toHaveLength(1);

    await user.click(within(filters).getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(lastSearch(requests)).toEqual({ location: 'Toulon', weekend: 'true', maxPrice: '300', maxDistance: '50' });
    expect(router.state.location.search).toBe('?location=Toulon&weekend=true');
  });

  it('sends nothing new when the filters are applied untouched: the list already applies them', async () => {
    const { requests } = serve();
    renderPage('/courses?location=Toulon');
    await screen.findByText('13 stages trouvés');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('13 stages trouvés')).toBeInTheDocument();
    expect(new Set(requests.map((request) => JSON.stringify(lastSearch([request]))))).toEqual(
      new Set([JSON.stringify({ location: 'Toulon', maxPrice: '300', maxDistance: '50' })]),
    );
  });

  it('offers to reset an empty search', async () => {
    const { requests } = serve([]);
    const { router } = renderPage('/courses?location=Nowhere&department=04');
    expect(await screen.findByText('Aucun stage trouvé')).toBeInTheDocument();
    expect(screen.getByText('0 stage trouvé')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réinitialiser la recherche' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastSearch(requests)).toEqual({ maxPrice: '300' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Stages de récupération de points' })).toBeInTheDocument();
  });

  it('offers to retry a failed search', async () => {
    let fail = true;
    stubFetch(({ url }) => (fail ? new Response('down', { status: 500 }) : json(200, searchAnswer(url, courses))));
    renderPage();
    expect(await screen.findByText('Impossible de charger les stages')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('13 stages trouvés')).toBeInTheDocument();
  });
});

describe('filters', () => {
  it('keeps the place in the address when a department is applied, and drops only the department on reset', async () => {
    const { requests } = serve();
    const { router } = renderPage('/courses?location=Toulon&department=83');
    await screen.findByText('13 stages trouvés');
    expect(lastSearch(requests)).toEqual({ location: 'Toulon', department: '83', maxPrice: '300', maxDistance: '50' });
    const user = userEvent.setup();
    const filters = () => screen.getByRole('form', { name: 'Filtres' });
    await user.click(within(filters()).getByRole('combobox', { name: 'Département' }));
    await user.click(screen.getByRole('option', { name: '06 – Alpes-Maritimes' }));
    await user.click(within(filters()).getByRole('switch', { name: 'Week-end uniquement' }));
    await user.click(within(filters()).getByRole('button', { name: 'Appliquer' }));

    await waitFor(() => expect(router.state.location.search).toBe('?location=Toulon&department=06&weekend=true'));
    await waitFor(() =>
      expect(lastSearch(requests)).toEqual({ location: 'Toulon', department: '06', weekend: 'true', maxPrice: '300', maxDistance: '50' }),
    );

    await user.click(within(filters()).getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=Toulon'));
    await waitFor(() => expect(lastSearch(requests)).toEqual({ location: 'Toulon', maxPrice: '300', maxDistance: '50' }));
    expect(within(filters()).getByRole('combobox', { name: 'Département' })).toHaveTextContent('Tous les départements');
    expect(within(filters()).getByRole('switch', { name: 'Week-end uniquement' })).not.toBeChecked();
  });

  it('brings the applied filters back with the back button', async () => {
    serve();
    const { router } = renderPage('/courses?location=Toulon');
    await screen.findByText('13 stages trouvés');
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Week-end uniquement' }));
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    await user.type(screen.getByLabelText('Ville ou code postal'), '{Control>}a{/Control}Nice{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?location=Nice&weekend=true'));
    expect(screen.getByRole('switch', { name: 'Week-end uniquement' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Week-end uniquement' })).not.toBeChecked());
    expect(router.state.location.search).toBe('?location=Nice');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?location=Nice&weekend=true');
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Week-end uniquement' })).toBeChecked());
  });

  it('shows the department of the address as chosen', async () => {
    serve();
    renderPage('/courses?department=83');
    await screen.findByText('13 stages trouvés');
    expect(screen.getByRole('combobox', { name: 'Département' })).toHaveTextContent('83 – Var');
  });

  it('sets the maximum price from 0 to 500 € by steps of 10, 300 € at first, with the keyboard', async () => {
    const { requests } = serve();
    renderPage();
    await screen.findByText('13 stages trouvés');
    const price = screen.getByRole('slider', { name: 'Prix maximum' });
    expect(price).toHaveAttribute('aria-valuemin', '0');
    expect(price).toHaveAttribute('aria-valuemax', '500');
    expect(price).toHaveAttribute('step', '10');
    expect(price).toHaveAttribute('aria-valuenow', '300');
    expect(price.getAttribute('aria-valuetext')?.replace(/\s/gu, ' ')).toBe('300,00 €');

    const user = userEvent.setup();
    price.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(price).toHaveAttribute('aria-valuenow', '280');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(lastSearch(requests)).toEqual({ maxPrice: '280' }));
  });

  it('sets the maximum distance from 0 to 100 km by steps of 5, 50 km at first, once a place is searched', async () => {
    const { requests } = serve();
    renderPage();
    await screen.findByText('13 stages trouvés');
    const distance = screen.getByRole('slider', { name: 'Distance maximale' });
    expect(distance).toBeDisabled();
    expect(distance).toHaveAccessibleDescription('Saisissez une ville pour filtrer par distance.');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Ville ou code postal'), 'Nice{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Stages près de «\u00a0Nice\u00a0»' });
    const enabled = screen.getByRole('slider', { name: 'Distance maximale' });
    expect(enabled).toBeEnabled();
    expect(enabled).toHaveAttribute('aria-valuemin', '0');
    expect(enabled).toHaveAttribute('aria-valuemax', '100');
    expect(enabled).toHaveAttribute('step', '5');
    expect(enabled).toHaveAttribute('aria-valuetext', '50 km');
    enabled.focus();
    await user.keyboard('{ArrowRight}');
    expect(enabled).toHaveAttribute('aria-valuetext', '55 km');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(lastSearch(requests)).toEqual({ location: 'Nice', maxPrice: '300', maxDistance: '55' }));
  });

  it('sends the chosen dates, and no day before today can be chosen', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 4, 15, 10, 0));
    onScreen('desktop');
    const { requests } = serve();
    renderPage();
    await screen.findByText('13 stages trouvés');
    const user = userEvent.setup();
    const [openStart] = await screen.findAllByRole('button', { name: /^Choisir la date/u }, { timeout: 10_000 });
    await user.click(openStart!);
    const calendar = await screen.findByRole('grid');
    expect(within(calendar).getAllByRole('columnheader')[0]).toHaveAttribute('aria-label', 'lundi');
    expect(within(calendar).getByRole('gridcell', { name: '14' })).toBeDisabled();
    await user.click(within(calendar).getByRole('gridcell', { name: '20' }));
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
    expect(screen.getByDisplayValue('20/05/2030')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(lastSearch(requests)).toMatchObject({ startDate: '2030-05-20' }));
  });

  it('reads dates MM/DD/YYYY in English, in weeks starting on Sunday', async () => {
    await i18next.changeLanguage('en');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 4, 15, 10, 0));
    onScreen('desktop');
    serve();
    renderPage();
    await screen.findByText('13 courses found');
    const user = userEvent.setup();
    const [openStart] = await screen.findAllByRole('button', { name: /^Choose date/u }, { timeout: 10_000 });
    await user.click(openStart!);
    const calendar = await screen.findByRole('grid');
    expect(within(calendar).getAllByRole('columnheader')[0]).toHaveAttribute('aria-label', 'Sunday');
    await user.click(within(calendar).getByRole('gridcell', { name: '20' }));
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
    expect(screen.getByDisplayValue('05/20/2030')).toBeInTheDocument();
  });

  it('opens in a dialog below the md breakpoint', async () => {
    onScreen('phone');
    const { requests } = serve();
    renderPage();
    await screen.findByText('13 stages trouvés');
    expect(screen.queryByRole('form', { name: 'Filtres' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filtres' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filtres' });
    await user.click(within(dialog).getByRole('switch', { name: 'Week-end uniquement' }));
    await user.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(lastSearch(requests)).toEqual({ weekend: 'true', maxPrice: '300' }));
  });
});

describe('the order of the results', () => {
  it('is nearest first around a place, and asks the server for another order chosen in the results’ header', async () => {
    onScreen('desktop');
    const { requests } = serve();
    const { router } = renderPage('/courses?location=Toulon&page=2');
    await screen.findByText('13 stages trouvés');
    const sort = within(screen.getByTestId('course-sort')).getByRole('combobox', { name: 'Trier par' });
    expect(sort).toHaveTextContent('Distance');
    const user = userEvent.setup();
    await user.click(sort);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Distance', 'Date', 'Prix']);
    await user.click(screen.getByRole('option', { name: 'Prix' }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=Toulon&sort=price'));
    await waitFor(() => expect(lastSearch(requests)).toMatchObject({ location: 'Toulon', sort: 'price' }));
    expect(requests.at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('offers no distance without a place, and keeps the order when the filters change', async () => {
    onScreen('desktop');
    const { requests } = serve();
    const { router } = renderPage('/courses?sort=price');
    await screen.findByText('13 stages trouvés');
    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('course-sort')).getByRole('combobox', { name: 'Trier par' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Date', 'Prix']);
    await user.keyboard('{Escape}');
    await user.click(within(screen.getByRole('form', { name: 'Filtres' })).getByRole('switch', { name: 'Week-end uniquement' }));
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(router.state.location.search).toBe('?weekend=true&sort=price'));
    expect(lastSearch(requests)).toMatchObject({ weekend: 'true', sort: 'price' });
  });
});

describe('the count of active filters', () => {
  it('shows on the filter button of a phone, read with its word', async () => {
    onScreen('phone');
    serve();
    renderPage('/courses?location=Toulon&weekend=true&maxPrice=200');
    await screen.findByText('13 stages trouvés');
    expect(screen.getByRole('button', { name: 'Filtres 2 actifs' })).toBeInTheDocument();
  });

  it('shows beside the panel’s title on a wider screen, and not at all when no filter narrows the list', async () => {
    onScreen('desktop');
    serve();
    renderPage('/courses?department=83');
    await screen.findByText('13 stages trouvés');
    expect(screen.getByRole('heading', { level: 2, name: 'Filtres 1 actif' })).toBeInTheDocument();
    await i18next.changeLanguage('en');
    expect(await screen.findByRole('heading', { level: 2, name: 'Filters 1 active' })).toBeInTheDocument();
  });

  it('is not shown when the list is not narrowed', async () => {
    onScreen('phone');
    serve();
    renderPage('/courses?location=Toulon');
    await screen.findByText('13 stages trouvés');
    expect(screen.getByRole('button', { name: 'Filtres' })).toBeInTheDocument();
    expect(screen.queryByTestId('active-filter-count')).not.toBeInTheDocument();
  });
});

describe('"weekend only"', () => {
  it('says that a weekend course runs on Friday and Saturday', async () => {
    onScreen('desktop');
    serve();
    renderPage();
    await screen.findByText('13 stages trouvés');
    expect(screen.getByRole('switch', { name: 'Week-end uniquement' })).toHaveAccessibleDescription(
      'Un stage du week-end a lieu le vendredi et le samedi : aucun stage n’a lieu le dimanche.',
    );
  });
});

describe('pagination', () => {
  const manyCourses = Array.from({ length: 96 }, (_, index) => aCourse({ id: `m${index + 1}`, title: `Ville ${index + 1}` }));

  it('shows the first two pages, the last two and the neighbours of the current one, with ellipses', async () => {
    serve(manyCourses);
    renderPage();
    expect(await screen.findByText('96 stages trouvés')).toBeInTheDocument();
    // Buttons and ellipses, in the order they are shown.
    const pages = () =>
      [...(screen.getByRole('navigation', { name: 'Pagination des résultats' }).firstElementChild?.children ?? [])].map(
        (item) => item.textContent,
      );
    expect(pages()).toEqual(['Précédent', '1', '2', '…', '7', '8', 'Suivant']);
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 7' }));
    expect(screen.getByText('Page 7 sur 8')).toBeInTheDocument();
    expect(pages()).toEqual(['Précédent', '1', '2', '…', '6', '7', '8', 'Suivant']);
    expect(screen.getByRole('button', { name: 'Page 7' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Ville 73' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Page 4 sur 8')).toBeInTheDocument();
    expect(pages()).toEqual(['Précédent', '1', '2', '3', '4', '5', '…', '7', '8', 'Suivant']);
  });

  it('puts the page in the address, so that Back and a reload come back to it, and starts a new search on page 1', async () => {
    const { requests } = serve(manyCourses);
    const { router } = renderPage('/courses?location=Toulon');
    await screen.findByText('96 stages trouvés');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=Toulon&page=2'));
    expect(screen.getByText('Page 2 sur 8')).toBeInTheDocument();
    expect(requests.at(-1)?.url.searchParams.get('page')).toBe('2');

    await act(() => router.navigate(-1));
    expect(await screen.findByText('Page 1 sur 8')).toBeInTheDocument();
    await act(() => router.navigate(1));
    expect(await screen.findByText('Page 2 sur 8')).toBeInTheDocument();

    await user.click(within(screen.getByRole('form', { name: 'Filtres' })).getByRole('switch', { name: 'Week-end uniquement' }));
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=Toulon&weekend=true'));
    expect(await screen.findByText('Page 1 sur 8')).toBeInTheDocument();
  });

  it('opens on the page the address names', async () => {
    serve(manyCourses);
    renderPage('/courses?page=3');
    expect(await screen.findByText('Page 3 sur 8')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ville 25' })).toBeInTheDocument();
  });

  it('hands the search and its page to each course, for the way back', async () => {
    serve(manyCourses);
    const { router } = renderPage('/courses?location=Toulon&page=2');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Ville 13' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/m13'));
    expect(router.state.location.state).toEqual({ fromSearch: '/courses?location=Toulon&page=2' });
  });

  it('reads the count and the page in English', async () => {
    await i18next.changeLanguage('en');
    serve(courses);
    renderPage();
    expect(await screen.findByText('13 courses found')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });
});

describe('each course card', () => {
  const near = [
    aCourse({ id: 'n1', title: 'La Seyne-sur-Mer', titleEn: 'La Seyne-sur-Mer', distanceKm: 6.84 }),
    aCourse({ id: 'n2', title: 'Hyères', titleEn: 'Hyères', distanceKm: 112.5 }),
  ];

  it('reads "à 6,8 km", the dates and the price in French', async () => {
    serve([...near, aCourse({ id: 'n3', title: 'Ailleurs' })]);
    renderPage('/courses?location=83000');
    const card = (await screen.findByRole('link', { name: 'La Seyne-sur-Mer' })).closest('article');
    expect(card).toHaveTextContent(/83000 Toulon · à 6,8\skm/u);
    expect(screen.getByRole('link', { name: 'Hyères' }).closest('article')).toHaveTextContent(/à 112,5\skm/u);
    expect(screen.getByRole('link', { name: 'Ailleurs' }).closest('article')).not.toHaveTextContent(/km/u);
    expect(card).toHaveTextContent(/samedi 9\s?–\s?dimanche 10 mai 2099/u);
    expect(card).toHaveTextContent(/Agrément préfectoral n°\sR1308300021\s*Stage\sn°\sR2308300010/u);
    expect(card).toHaveTextContent(/249,00\s€/u);
  });

  it('reads "6.8 km away", the dates and the price in English', async () => {
    await i18next.changeLanguage('en');
    serve(near);
    renderPage('/courses?location=83000');
    const card = (await screen.findByRole('link', { name: 'La Seyne-sur-Mer' })).closest('article');
    expect(card).toHaveTextContent(/83000 Toulon · 6\.8\skm away/u);
    expect(screen.getByRole('link', { name: 'Hyères' }).closest('article')).toHaveTextContent(/112\.5\skm away/u);
    expect(card).toHaveTextContent(/Saturday, May 9\s?–\s?Sunday, May 10, 2099/u);
    expect(card).toHaveTextContent(/Prefectoral approval no\.\sR1308300021\s*Course no\.\sR2308300010/u);
    expect(card).toHaveTextContent('€249.00');
  });
});

describe('accessibility', () => {
  it('breaks no WCAG A or AA rule that can be checked without a layout', async () => {
    onScreen('desktop');
    serve();
    const { container } = renderPage('/courses?location=Toulon');
    await screen.findByText('13 stages trouvés');
    await screen.findAllByRole('button', { name: /^Choisir la date/u }, { timeout: 10_000 });
    const results = await axe.run(container, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      // jsdom paints nothing: contrast is checked in the browser tests.
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
  });
});
