import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CourseAttendanceDto } from '@recup/query-api/contracts/attendance';
import { json, problem, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { organizationAttendanceEn } from '../locales/en';
import { organizationAttendanceFr } from '../locales/fr';
import { AttendancePage } from './attendance-page';

const B1 = '11111111-1111-4111-8111-111111111111';
const B2 = '22222222-2222-4222-8222-222222222222';
const sheet = (overrides: Partial<CourseAttendanceDto> = {}): CourseAttendanceDto => ({
  course: {
    id: 'c1', title: 'Arles', titleEn: 'Arles', startDate: '2026-12-04T07:00:00.000Z', endDate: '2026-12-05T16:00:00.000Z', address: '12 boulevard des Lices', postalCode: '13200', city: 'Arles',
    antsNumber: 'ANTS-1', cancelled: false,
    halfDays: [
      { start: '2026-12-04T07:00:00.000Z', end: '2026-12-04T11:00:00.000Z' }, { start: '2026-12-04T12:00:00.000Z', end: '2026-12-04T16:00:00.000Z' },
      { start: '2026-12-05T07:00:00.000Z', end: '2026-12-05T11:00:00.000Z' }, { start: '2026-12-05T12:00:00.000Z', end: '2026-12-05T16:00:00.000Z' },
    ],
  },
  window: { opensAt: '2026-12-03T23:00:00.000Z', closesAt: '2026-12-20T23:00:00.000Z', open: true },
  facilitators: [],
  participants: [
    { bookingId: B1, bookingReference: 'RP-1', firstName: 'Léa', lastName: 'Martin', status: 'COMPLETED', learnerCase: null, attendance: { halfDays: { DAY1_MORNING: 'PRESENT' }, outcome: 'PENDING' }, attestationAvailable: false, attestationSentAt: null },
    { bookingId: B2, bookingReference: 'RP-2', firstName: 'Ben', lastName: 'Roux', status: 'COMPLETED', learnerCase: null, attendance: null, attestationAvailable: false, attestationSentAt: null },
  ],
  ...overrides,
});

beforeAll(() => {
  // This feature's texts, under `attendance` in the `organization` namespace as the centre's area assembles it.
  i18next.addResourceBundle('fr', 'organization', { attendance: organizationAttendanceFr }, true, true);
  i18next.addResourceBundle('en', 'organization', { attendance: organizationAttendanceEn }, true, true);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(answer: (method: string, path: string) => Response) {
  const stub = stubFetch(({ method, url }) => answer(method, url.pathname));
  renderWithProviders(<AttendancePage />, { path: '/organization/courses/:id/attendance', route: '/organization/courses/c1/attendance' });
  return stub;
}

describe('the centre’s attendance screen', () => {
  it('marks every half-day not recorded present, one learner absent, and saves only what changed', async () => {
    const user = userEvent.setup();
    const { requests } = renderPage((method) => (method === 'PUT' ? json(200, { courseId: 'c1', changed: 2, rows: [] }) : json(200, sheet())));
    await screen.findByRole('heading', { level: 1, name: 'Présence au stage' });
    await user.click(screen.getByRole('button', { name: 'Tous présents' }));
    await user.selectOptions(screen.getAllByLabelText(/^Ben Roux, Jour 2 après-midi/)[0]!, 'ABSENT');
    expect(screen.getByText('7 modifications non enregistrées')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer la présence' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/organization/courses/c1/attendance');
    const entries = (put.body as { entries: Array<{ bookingId: string; halfDay: string; presence: string }> }).entries;
    expect(entries).toHaveLength(7);
    expect(entries).not.toContainEqual({ bookingId: B1, halfDay: 'DAY1_MORNING', presence: 'PRESENT' });
    expect(entries).toContainEqual({ bookingId: B2, halfDay: 'DAY2_AFTERNOON', presence: 'ABSENT' });
  });

  it('says the server’s refusal in the caller’s words', async () => {
    const user = userEvent.setup();
    renderPage((method) => (method === 'PUT' ? problem(409, 'ATTENDANCE_WINDOW_CLOSED', 'La présence ne s’enregistre plus : le délai de 15 jours après le stage est passé.') : json(200, sheet())));
    await screen.findByRole('heading', { level: 1, name: 'Présence au stage' });
    await user.click(screen.getByRole('button', { name: 'Tous présents' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer la présence' }));
    expect(await screen.findByText(/^La présence n’a pas été enregistrée : .*le délai de 15 jours/)).toBeInTheDocument();
  });

  it('locks the grid once the recording window has closed, and says why', async () => {
    // A window long closed, whatever today is.
    renderPage(() => json(200, sheet({ window: { opensAt: '2020-01-09T23:00:00.000Z', closesAt: '2020-01-26T23:00:00.000Z', open: false } })));
    await screen.findByRole('heading', { level: 1, name: 'Présence au stage' });
    expect(screen.getByText(/La saisie est close depuis le/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tous présents' })).toBeDisabled();
    for (const select of within(screen.getByRole('table')).getAllByRole('combobox')) expect(select).toBeDisabled();
  });
});
