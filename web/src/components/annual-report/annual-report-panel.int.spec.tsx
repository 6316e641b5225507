import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnnualReport } from '@recup/command-api/contracts/reports';
import { json, problem, stubFetch } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { AnnualReportPanel, currentParisYear } from './annual-report-panel';

const LAST_YEAR = currentParisYear() - 1;

const report = (year: number, overrides: Partial<AnnualReport> = {}): AnnualReport => ({
  year,
  generatedAt: '2026-01-10T09:00:00.000Z',
  provisional: false,
  centre: { organizationId: 'org', name: 'Centre Azur', address: '1 rue du Port', postalCode: '83000', city: 'Toulon', prefectApprovalReference: 'R-83-1' },
  courses: { declared: 3, held: 2, cancelled: 1, scheduled: 0, cancellationReasons: [{ reason: 'deletedByCentre', count: 1 }] },
  trainees: {
    total: 7,
    byCase: [{ case: 'VOLUNTARY', count: 4 }, { case: 'PROBATION_48N', count: 1 }, { case: 'COURT_ORDER', count: 0 }, { case: 'PENAL_SETTLEMENT', count: 0 }, { case: 'NOT_DECLARED', count: 2 }],
    completed: 5, notCompleted: 1, notRecorded: 1,
  },
  facilitators: [{ role: 'PSYCHOLOGIST', name: 'Anne Roux', courses: 2 }],
  coursesHeldWithoutFacilitators: 0,
  courseList: [
    { courseId: 'c1', startDate: `${year}-03-06T07:00:00.000Z`, endDate: `${year}-03-07T16:00:00.000Z`, address: '1 rue du Port', postalCode: '83000', city: 'Toulon', antsNumber: 'ANTS-1', status: 'HELD', cancellationReason: null, trainees: 4, completed: 3, notCompleted: 1, facilitators: [] },
    { courseId: 'c2', startDate: `${year}-04-10T06:00:00.000Z`, endDate: `${year}-04-11T15:00:00.000Z`, address: '1 rue du Port', postalCode: '83000', city: 'Toulon', antsNumber: 'ANTS-2', status: 'CANCELLED', cancellationReason: 'deletedByCentre', trainees: 0, completed: 0, notCompleted: 0, facilitators: [] },
  ],
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the annual report panel', () => {
  it('shows last year’s figures by default, and another year’s once picked', async () => {
    const stub = stubFetch((request) => {
      const year = Number(request.url.searchParams.get('year'));
      if (year === LAST_YEAR - 1) return json(200, report(year, { courses: { declared: 0, held: 0, cancelled: 0, scheduled: 0, cancellationReasons: [] }, courseList: [] }));
      return json(200, report(year));
    });
    renderWithProviders(<AnnualReportPanel scope={{ kind: 'organization' }} />);
    const figures = await screen.findByTestId('annual-report-figures');
    expect(stub.requests[0]?.url.pathname).toBe('/api/organization/reports/annual');
    expect(stub.requests[0]?.url.searchParams.get('year')).toBe(String(LAST_YEAR));
    expect(within(figures).getByRole('row', { name: /^Déclarés/ })).toHaveTextContent('3');
    expect(within(figures).getByRole('row', { name: /^Cas 1 : volontaire/ })).toHaveTextContent('4');
    expect(within(figures).getByRole('row', { name: /^Cas non déclaré/ })).toHaveTextContent('2');
    expect(within(figures).getByRole('row', { name: /ANTS-2/ })).toHaveTextContent('Annulé (Annulé par le centre)');
    expect(within(figures).getByText('Anne Roux')).toBeInTheDocument();

    await userEvent.setup().selectOptions(screen.getByLabelText('Année'), String(LAST_YEAR - 1));
    expect(await screen.findByTestId('annual-report-empty')).toHaveTextContent(`Aucun stage déclaré en ${LAST_YEAR - 1}`);
  });

  it('asks an administrator’s report of the centre chosen', async () => {
    const stub = stubFetch((request) => json(200, report(Number(request.url.searchParams.get('year')))));
    renderWithProviders(<AnnualReportPanel scope={{ kind: 'admin', organizationId: 'org-42' }} />);
    await screen.findByTestId('annual-report-figures');
    expect(stub.requests[0]?.url.pathname).toBe('/api/admin/reports/annual');
    expect(stub.requests[0]?.url.searchParams.get('organizationId')).toBe('org-42');
  });

  it('says when the report cannot be loaded, and tries again on asking', async () => {
    let fail = true;
    stubFetch((request) => (fail ? problem(503, 'UNAVAILABLE', 'Indisponible') : json(200, report(Number(request.url.searchParams.get('year'))))));
    renderWithProviders(<AnnualReportPanel scope={{ kind: 'organization' }} />);
    expect(await screen.findByText('Le bilan n’a pas pu être chargé.', {}, { timeout: 10_000 })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('annual-report-figures')).toBeInTheDocument();
  });
});
