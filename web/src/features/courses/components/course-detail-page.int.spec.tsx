import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '../../../testing/fetch-stub';
import { aCourse } from '../../../testing/fixtures';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../../../app/provider';
import { renderWithProviders } from '../../../testing/render';
import { ApiError } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { courseQueries } from '../api/course-queries';
import { CourseDetailPage } from './course-detail-page';

function renderDetail() {
  return renderWithProviders(<CourseDetailPage courseId="c1" isAuthenticated={false} onAuthRequired={() => {}} />, { path: '/courses/c1' });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fr');
});

describe('course detail', () => {
  it('shows the course: place, long dates, hours, centre, spots and price', async () => {
    stubFetch(() => json(200, aCourse({ spotsLeft: 3, totalSpots: 20 })));
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Toulon' })).toBeInTheDocument();
    expect(screen.getByText(/12 avenue de la République\s*83000 Toulon/)).toBeInTheDocument();
    expect(screen.getByText(/Début : samedi 9 mai 2099\s*Fin : dimanche 10 mai 2099/)).toBeInTheDocument();
    expect(screen.getByText(/8h00 – 12h00 et 13h00 – 17h00/)).toBeInTheDocument();
    expect(screen.getByText('Centre Var Sécurité')).toBeInTheDocument();
    expect(screen.getByTestId('spots-left')).toHaveTextContent('3 places restantes sur 20');
    expect(screen.getByText('R2308300010')).toBeInTheDocument();
    expect(screen.getByText(/249,00\s€/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réserver' })).toBeEnabled();
    // Issue 21: the title a search engine shows names the city, the dates and the price.
    expect(document.title).toBe("Stage de récupération de points à Toulon, 9–10 mai 2099, 249,00\u00a0€ | Récup'Points");
    await waitFor(() =>
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')?.replace(/\s/gu, ' ')).toMatch(
        /^Stage de récupération de points à Toulon \(83000\) du 9 ?– ?10 mai 2099, 2 jours, 249,00 €, par Centre Var Sécurité, centre agréé\. Jusqu’à 4 points récupérés\.$/u,
      ),
    );
  });

  it('reads in English, with American dates, hours and money', async () => {
    await i18next.changeLanguage('en');
    stubFetch(() => json(200, aCourse({ spotsLeft: 1, totalSpots: 20, antsNumber: null })));
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Toulon' })).toBeInTheDocument();
    expect(screen.getByText(/Start: Saturday, May 9, 2099\s*End: Sunday, May 10, 2099/)).toBeInTheDocument();
    expect(screen.getByText(/8:00\sAM – 12:00 PM and 1:00 PM – 5:00\sPM/)).toBeInTheDocument();
    expect(screen.getByTestId('spots-left')).toHaveTextContent('1 spot left out of 20');
    expect(screen.getByText('Limited: 1 spot left')).toBeInTheDocument();
    expect(screen.queryByText('Prefecture course number (ANTS)')).not.toBeInTheDocument();
    expect(screen.getByText('€249.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to courses' })).toHaveAttribute('href', '/courses');
  });

  it('lists its details as terms and definitions', async () => {
    stubFetch(() => json(200, aCourse()));
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Toulon' });
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Adresse', 'Dates', 'Horaires', 'Centre de formation', 'Places', 'Numéro du stage en préfecture (ANTS)']);
    expect(screen.getAllByRole('definition')).toHaveLength(terms.length);
  });

  it('warns a signed-in learner that the course would earn no points, says from when one does, and still lets them book', async () => {
    const { requests } = stubFetch(({ url }) =>
      url.pathname === '/api/courses/c1/eligibility'
        ? json(200, {
            courseId: 'c1',
            earnsPoints: false,
            eligibleFrom: '2099-12-12',
            previousCourse: { id: 'c0', title: 'Arles', titleEn: 'Arles', city: 'Arles', startDate: '2098-12-10T07:00:00.000Z', endDate: '2098-12-11T16:00:00.000Z' },
            coursesLosingPoints: [],
          })
        : json(200, aCourse()),
    );
    renderWithProviders(<CourseDetailPage courseId="c1" isAuthenticated isLearner onAuthRequired={() => {}} />, { path: '/courses/c1' });
    const warning = await screen.findByTestId('points-eligibility-warning');
    expect(warning).toHaveTextContent('Ce stage ne vous fera pas récupérer de points');
    expect(warning).toHaveTextContent('Il commence moins d’un an après votre stage à Arles, terminé le jeudi 11 décembre 2098.');
    expect(warning).toHaveTextContent('un stage qui commence à partir du samedi 12 décembre 2099 vous en fera récupérer.');
    expect(warning).toHaveTextContent('Vous pouvez tout de même le réserver');
    expect(screen.getByRole('button', { name: 'Réserver' })).toBeEnabled();
    expect(requests.some((request) => request.url.pathname === '/api/courses/c1/eligibility')).toBe(true);
  });

  it('warns a signed-in learner that a course of theirs less than a year after this one would then earn no points, naming it with its dates', async () => {
    const losing = { id: 'c9', title: 'Arles', titleEn: 'Arles', city: 'Arles', startDate: '2099-05-14T06:00:00.000Z', endDate: '2099-05-15T15:00:00.000Z' };
    const answer = { courseId: 'c1', earnsPoints: true, eligibleFrom: null, previousCourse: null, coursesLosingPoints: [losing] };
    stubFetch(({ url }) => (url.pathname === '/api/courses/c1/eligibility' ? json(200, answer) : json(200, aCourse())));
    renderWithProviders(<CourseDetailPage courseId="c1" isAuthenticated isLearner onAuthRequired={() => {}} />, { path: '/courses/c1' });
    const warning = await screen.findByTestId('points-eligibility-warning');
    expect(warning).toHaveTextContent('Votre stage à Arles ne vous ferait plus récupérer de points');
    expect(warning.textContent?.replace(/\s/gu, ' ')).toMatch(/Ce stage commence moins d’un an avant votre stage à Arles \(jeudi 14 ?– ?vendredi 15 mai 2099\)\./u);
    expect(warning).toHaveTextContent('si vous suivez celui-ci, c’est lui qui vous fera récupérer des points, et l’autre n’en donnera aucun.');
    expect(screen.getByRole('button', { name: 'Réserver' })).toBeEnabled();

    await i18next.changeLanguage('en');
    expect(await screen.findByText('Your course in Arles would no longer give you points back')).toBeInTheDocument();
    expect(screen.getByTestId('points-eligibility-warning').textContent?.replace(/\s/gu, ' ')).toMatch(/starts less than a year before your course in Arles \(Thursday, May 14 ?– ?Friday, May 15, 2099\)\./u);
  });

  it('says nothing of points to a visitor, nor when the course earns some', async () => {
    const { requests } = stubFetch(({ url }) =>
      url.pathname === '/api/courses/c1/eligibility' ? json(200, { courseId: 'c1', earnsPoints: true, eligibleFrom: null, previousCourse: null, coursesLosingPoints: [] }) : json(200, aCourse()),
    );
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Toulon' });
    expect(requests.some((request) => request.url.pathname.endsWith('/eligibility'))).toBe(false);
    renderWithProviders(<CourseDetailPage courseId="c1" isAuthenticated isLearner onAuthRequired={() => {}} />, { path: '/courses/c1' });
    await waitFor(() => expect(requests.some((request) => request.url.pathname.endsWith('/eligibility'))).toBe(true));
    expect(screen.queryByTestId('points-eligibility-warning')).not.toBeInTheDocument();
  });

  it('keeps a level-one heading while it loads', () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderDetail();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Chargement du stage…');
  });

  it('cannot be booked when full', async () => {
    stubFetch(() => json(200, aCourse({ spotsLeft: 0 })));
    renderDetail();
    expect(await screen.findByText('Complet')).toBeInTheDocument();
    expect(screen.getByTestId('spots-left')).toHaveTextContent('Aucune place restante sur 20');
    expect(screen.getByRole('button', { name: 'Réserver' })).toBeDisabled();
  });

  it('takes a booking on a full course from the learner a place is held for (their waiting list’s offer), with the list under the form', async () => {
    stubFetch(() => json(200, aCourse({ spotsLeft: 0 })));
    renderWithProviders(
      <CourseDetailPage courseId="c1" isAuthenticated isLearner onAuthRequired={() => {}} heldForMe waitingList={() => <p>la liste d’attente</p>} />,
      { path: '/courses/c1' },
    );
    expect(await screen.findByText('Complet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réserver' })).toBeEnabled();
    expect(screen.getByText('la liste d’attente')).toBeInTheDocument();
  });

  it('names the centre’s prefectoral approval and the course’s prefecture number, as the law asks of any advertisement', async () => {
    stubFetch(() => json(200, aCourse({ antsNumber: 'ANTS-83-40212' })));
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Toulon' });
    expect(screen.getByTestId('prefect-approval')).toHaveTextContent(/^Agrément préfectoral n°\s?R1308300021$/u);
    expect(screen.getByText('ANTS-83-40212')).toBeInTheDocument();
  });

  it('states the refund rule before booking: refunded until 72 hours before the start, with that moment', async () => {
    stubFetch(() => json(200, aCourse()));
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Toulon' });
    // Saturday 9 May 2099 at 8:00 in Paris, less 72 hours.
    expect(screen.getByTestId('refund-rule')).toHaveTextContent(
      'Annulation remboursée jusqu’au mercredi 6 mai 2099 à 8h00, soit 72 heures avant le début du stage. Au-delà, une annulation n’est pas remboursée.',
    );
    await i18next.changeLanguage('en');
    expect(await screen.findByText(/^Cancellation refunded until Wednesday, May 6, 2099 at 8:00\sAM, 72 hours before the course starts\./u)).toBeInTheDocument();
  });

  it('says the configured refund rule, and that a course starting sooner is no longer refunded', async () => {
    stubFetch(() => json(200, aCourse({ refundCutoffHours: 48, startDate: new Date(Date.now() + 24 * 3_600_000).toISOString(), endDate: new Date(Date.now() + 57 * 3_600_000).toISOString() })));
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Toulon' });
    expect(screen.getByTestId('refund-rule')).toHaveTextContent('Ce stage commence dans moins de 48 heures : une annulation ne serait pas remboursée.');
  });

  it('says a cancelled course is cancelled, instead of its free places, and offers no booking but the other courses', async () => {
    stubFetch(() => json(200, aCourse({ status: 'CANCELLED', spotsLeft: 20, totalSpots: 20 })));
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Toulon' });
    expect(screen.getByText('Annulé')).toBeInTheDocument();
    expect(screen.queryByText('Places disponibles')).not.toBeInTheDocument();
    expect(screen.getByTestId('spots-left')).toHaveTextContent('Stage annulé : il ne peut plus être réservé.');
    expect(screen.queryByText(/places restantes sur/u)).not.toBeInTheDocument();
    expect(screen.getByTestId('course-cancelled')).toHaveTextContent('Ce stage a été annulé');
    expect(screen.getAllByRole('link', { name: 'Voir les autres stages' }).map((link) => link.getAttribute('href'))).toEqual(['/courses', '/courses']);
    expect(screen.queryByTestId('refund-rule')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réserver' })).not.toBeInTheDocument();
    expect(screen.getByTestId('course-closed')).toHaveTextContent("Ce stage n'est plus ouvert à la réservation.");
  });

  it('says a started or finished course is so, and offers no booking', async () => {
    stubFetch(() => json(200, aCourse({ status: 'IN_PROGRESS', spotsLeft: 5 })));
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Toulon' });
    expect(screen.getByText('En cours')).toBeInTheDocument();
    expect(screen.getByTestId('spots-left')).toHaveTextContent('Stage commencé : il ne peut plus être réservé.');
    expect(screen.queryByRole('button', { name: 'Réserver' })).not.toBeInTheDocument();
  });

  it('leads back to the search the learner came from', async () => {
    stubFetch(() => json(200, aCourse()));
    const router = createMemoryRouter([{ path: '/courses/:id', element: <CourseDetailPage courseId="c1" isAuthenticated={false} onAuthRequired={() => {}} /> }], {
      initialEntries: [{ pathname: '/courses/c1', state: { fromSearch: '/courses?location=Toulon&weekend=true&page=2' } }],
    });
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByRole('link', { name: 'Retour aux stages' })).toHaveAttribute('href', '/courses?location=Toulon&weekend=true&page=2');
  });

  it('says when the course does not exist, with a way back to the list', async () => {
    stubFetch(() => problem(404, 'COURSE_NOT_FOUND', 'Stage introuvable'));
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Stage introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("Ce stage n'existe pas ou n'est plus disponible.");
    expect(screen.getByRole('link', { name: 'Retour aux stages' })).toHaveAttribute('href', '/courses');
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
    expect(document.title).toBe("Stage introuvable | Récup'Points");
  });

  describe('when the server cannot answer', () => {
    it('does not say the course is missing, and shows it once a second try succeeds', async () => {
      let down = true;
      const { requests } = stubFetch(() => (down ? problem(503, 'SERVICE_UNAVAILABLE', 'Service indisponible') : json(200, aCourse())));
      renderDetail();
      expect(await screen.findByRole('heading', { level: 1, name: 'Impossible de charger ce stage' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('Le serveur n’a pas répondu. Rien n’est perdu : réessayez dans un instant.');
      expect(screen.queryByText('Stage introuvable')).not.toBeInTheDocument();
      expect(document.title).toBe("Impossible de charger ce stage | Récup'Points");
      expect(screen.getByRole('link', { name: 'Retour aux stages' })).toHaveAttribute('href', '/courses');

      down = false;
      await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Toulon' })).toBeInTheDocument();
      expect(requests.filter((request) => request.url.pathname === '/api/courses/c1')).toHaveLength(2);
    });

    it('marks the try again button busy while it runs, and keeps it focused for another try', async () => {
      let answer: (response: Response) => void = () => {};
      let calls = 0;
      stubFetch(() => {
        calls += 1;
        return calls === 1 ? problem(500, 'INTERNAL', 'Erreur interne') : new Promise<Response>((resolve) => (answer = resolve));
      });
      renderDetail();
      const retry = await screen.findByRole('button', { name: 'Réessayer' });
      await userEvent.click(retry);
      await waitFor(() => expect(retry).toHaveAttribute('aria-busy', 'true'));
      expect(retry).toHaveAttribute('aria-disabled', 'true');
      expect(retry).toHaveFocus();
      expect(screen.getByRole('status')).toHaveTextContent('Chargement du stage…');
      answer(problem(503, 'SERVICE_UNAVAILABLE', 'Service indisponible'));
      await waitFor(() => expect(retry).toHaveAttribute('aria-busy', 'false'));
      expect(retry).toHaveFocus();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Impossible de charger ce stage');
    });

    it('says so when no answer comes at all, in English too', async () => {
      await i18next.changeLanguage('en');
      stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
      renderDetail();
      expect(await screen.findByRole('heading', { level: 1, name: 'This course could not be loaded' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('The server did not answer. Nothing is lost: try again in a moment.');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to courses' })).toBeInTheDocument();
      expect(screen.queryByText('Course not found')).not.toBeInTheDocument();
    });
  });

  describe('when written by the server, its failure handed over as JSON', () => {
    it.each([
      [404, 'Stage introuvable'],
      [503, 'Impossible de charger ce stage'],
    ])('tells a missing course from one that could not be loaded (%i)', async (status, heading) => {
      // What main.tsx hydrates from: the server's query state, through JSON (the error no longer an ApiError).
      const server = createQueryClient();
      server.getQueryCache().build(server, { queryKey: courseQueries.detail('c1').queryKey }).setState({ status: 'error', error: new ApiError({ status, code: 'X', message: 'x' }) });
      const dehydrated = JSON.parse(JSON.stringify(dehydrate(server, { shouldDehydrateQuery: () => true }))) as DehydratedState;
      stubFetch(() => new Promise<Response>(() => {}));
      render(
        <AppProvider dehydratedState={dehydrated}>
          <RouterProvider router={createMemoryRouter([{ path: '/courses/:id', element: <CourseDetailPage courseId="c1" isAuthenticated={false} onAuthRequired={() => {}} /> }], { initialEntries: ['/courses/c1'] })} />
        </AppProvider>,
      );
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    });
  });
});
