import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WaitingListEntryDto } from '@recup/query-api/contracts';
import { json, problem, stubFetch } from '../../../testing/fetch-stub';
import { aCourse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { WaitingListEntries } from './waiting-list-entries';
import { WaitingListPanel } from './waiting-list-panel';

const full = aCourse({ spotsLeft: 0, totalSpots: 12, waitingCount: 3 });

function anEntry(overrides: Partial<WaitingListEntryDto> = {}): WaitingListEntryDto {
  return {
    course: { id: 'c1', title: 'Toulon', titleEn: 'Toulon', startDate: full.startDate, endDate: full.endDate, city: 'Toulon', postalCode: '83000', status: 'SCHEDULED', spotsLeft: 0 },
    joinedAt: '2099-04-01T08:00:00.000Z',
    position: 2,
    offer: null,
    offersClosed: false,
    ...overrides,
  };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fr');
});

describe('the waiting list on a course page', () => {
  it('offers a visitor to join it on a full course, asking them to sign in first', async () => {
    const onAuthRequired = vi.fn();
    stubFetch(() => json(200, []));
    renderWithProviders(<WaitingListPanel course={full} isAuthenticated={false} isLearner={false} onAuthRequired={onAuthRequired} />);
    expect(screen.getByRole('heading', { name: 'Liste d’attente' })).toBeInTheDocument();
    expect(screen.getByText(/réservée pendant 24 heures/)).toBeInTheDocument();
    expect(screen.getByText('3 personnes attendent déjà une place.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Rejoindre la liste d’attente' }));
    expect(onAuthRequired).toHaveBeenCalledOnce();
  });

  it('shows nothing on a course with free places, nor to a centre or an administrator', () => {
    stubFetch(() => json(200, []));
    const { container } = renderWithProviders(
      <>
        <WaitingListPanel course={aCourse({ spotsLeft: 4 })} isAuthenticated={false} isLearner={false} onAuthRequired={() => {}} />
        <WaitingListPanel course={full} isAuthenticated isLearner={false} onAuthRequired={() => {}} />
      </>,
    );
    expect(container.querySelector('[data-testid="waiting-list"]')).toBeNull();
  });

  it('lets a learner join, then shows their position and a way to leave', async () => {
    let lines: WaitingListEntryDto[] = [];
    const { requests } = stubFetch((request) => {
      if (request.method === 'POST') {
        lines = [anEntry({ position: 4 })];
        return json(201, { courseId: 'c1', status: 'WAITING', position: 4, joinedAt: '2099-04-01T08:00:00.000Z' });
      }
      return json(200, lines);
    });
    renderWithProviders(<WaitingListPanel course={full} isAuthenticated isLearner onAuthRequired={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rejoindre la liste d’attente' }));
    expect(await screen.findByTestId('waiting-position')).toHaveTextContent('Vous êtes n° 4 sur la liste d’attente.');
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/courses/c1/waiting-list')).toBe(true);
    expect(screen.getByRole('button', { name: 'Quitter la liste' })).toBeEnabled();
  });

  it('tells a learner the place held for them and until when, in English', async () => {
    await i18next.changeLanguage('en');
    stubFetch(() => json(200, [anEntry({ position: null, offer: { offeredAt: '2099-04-02T08:00:00.000Z', expiresAt: '2099-04-03T08:00:00.000Z' } })]));
    renderWithProviders(<WaitingListPanel course={full} isAuthenticated isLearner onAuthRequired={() => {}} />);
    expect(await screen.findByTestId('waiting-offer')).toHaveTextContent('A place is held for you until Friday, April 3, 2099 at 10:00 AM.');
  });

  it('says the list is closed in the last 49 hours', () => {
    stubFetch(() => json(200, []));
    const soon = aCourse({ spotsLeft: 0, startDate: new Date(Date.now() + 30 * 3_600_000).toISOString() });
    renderWithProviders(<WaitingListPanel course={soon} isAuthenticated={false} isLearner={false} onAuthRequired={() => {}} />);
    expect(screen.getByText(/La liste d’attente est close/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rejoindre la liste d’attente' })).toBeNull();
  });

  it('says why joining was refused, in the server’s words', async () => {
    stubFetch((request) => (request.method === 'POST' ? problem(409, 'SPOTS_AVAILABLE', 'Ce stage a encore des places libres : réservez-en une.') : json(200, [])));
    renderWithProviders(<WaitingListPanel course={full} isAuthenticated isLearner onAuthRequired={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rejoindre la liste d’attente' }));
    expect(await screen.findByText('Ce stage a encore des places libres : réservez-en une.')).toBeInTheDocument();
  });
});

describe('the waiting lists on the dashboard', () => {
  it('shows nothing while the learner waits on no course', async () => {
    const { requests } = stubFetch(() => json(200, []));
    const { container } = renderWithProviders(<WaitingListEntries />);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(container.querySelector('[data-testid="waiting-lists"]')).toBeNull();
  });

  it('lists each place in line, the place held first with "Réserver ma place" and its end', async () => {
    stubFetch(() =>
      json(200, [
        anEntry({ course: { ...anEntry().course, id: 'c2', title: 'Nice', titleEn: 'Nice', city: 'Nice', postalCode: '06000' }, position: 3 }),
        anEntry({ position: null, offer: { offeredAt: '2099-04-02T08:00:00.000Z', expiresAt: '2099-04-03T08:00:00.000Z' } }),
      ]),
    );
    renderWithProviders(<WaitingListEntries />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Mes listes d’attente' })).toBeInTheDocument();
    const [first, second] = screen.getAllByTestId('waiting-entry');
    expect(first).toHaveTextContent('Toulon');
    expect(first).toHaveTextContent('Une place vous est réservée jusqu’au vendredi 3 avril 2099 à 10h00');
    expect(screen.getByRole('link', { name: 'Réserver ma place' })).toHaveAttribute('href', '/courses/c1');
    expect(second).toHaveTextContent('N° 3 sur la liste d’attente');
    expect(screen.getByRole('button', { name: 'Quitter la liste d’attente du stage Nice' })).toBeEnabled();
  });

  it('leaves a list', async () => {
    let lines = [anEntry()];
    const { requests } = stubFetch((request) => {
      if (request.method === 'DELETE') {
        lines = [];
        return new Response(null, { status: 204 });
      }
      return json(200, lines);
    });
    renderWithProviders(<WaitingListEntries />);
    fireEvent.click(await screen.findByRole('button', { name: 'Quitter la liste d’attente du stage Toulon' }));
    await waitFor(() => expect(screen.queryByTestId('waiting-entry')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/api/courses/c1/waiting-list')).toBe(true);
  });
});
