import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AwaitedPackDto } from '@recup/query-api/contracts/prefecture-pack';
import { json, problem, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { organizationPackEn } from '../locales/en';
import { organizationPackFr } from '../locales/fr';
import { AwaitedPacks } from './awaited-packs';

const pack = (overrides: Partial<AwaitedPackDto>): AwaitedPackDto => ({
  courseId: 'c1', title: 'Arles', titleEn: null, startDate: '2026-12-04T07:00:00.000Z', endDate: '2026-12-05T16:00:00.000Z', antsNumber: 'ANTS-13-1',
  deadline: '2026-12-20', daysLeft: 5, late: false, participants: 3, completed: 2, ...overrides,
});

beforeAll(() => {
  // This feature's texts, under `pack` in the `organization` namespace as the centre's area assembles it.
  i18next.addResourceBundle('fr', 'organization', { pack: organizationPackFr }, true, true);
  i18next.addResourceBundle('en', 'organization', { pack: organizationPackEn }, true, true);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the packs to send on the centre’s dashboard', () => {
  it('shows the late pack first in red with “en retard”, the days left of the other, and marks one sent after a confirmation', async () => {
    const user = userEvent.setup();
    const late = pack({ courseId: 'c0', title: 'Gap', deadline: '2026-11-13', daysLeft: -3, late: true });
    let sent = false;
    const { requests } = stubFetch(({ method, url }) => {
      if (method === 'POST') { sent = true; return json(200, { courseId: 'c1', sentAt: '2026-12-15T09:00:00.000Z', sentBy: 'u1' }); }
      if (url.pathname === '/api/organization/prefecture-packs') return json(200, sent ? [late] : [late, pack({})]);
      return problem(404, 'NOT_FOUND', 'Introuvable');
    });
    renderWithProviders(<AwaitedPacks />);
    const rows = await screen.findAllByTestId('awaited-pack');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('en retard')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/^En retard de 3 jours \(échéance : /)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/^Restent 5 jours \(jusqu’au /)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/3 stagiaires, 2 avec attestation/)).toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: /^Marquer envoyé/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Dossier envoyé à la préfecture ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Oui, il est envoyé' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/organization/courses/c1/prefecture-pack/sent')).toBe(true));
    await waitFor(() => expect(screen.getAllByTestId('awaited-pack')).toHaveLength(1));
  });

  it('says when no pack is waiting', async () => {
    stubFetch(() => json(200, []));
    renderWithProviders(<AwaitedPacks />);
    expect(await screen.findByText(/Aucun dossier en attente/)).toBeInTheDocument();
  });
});
