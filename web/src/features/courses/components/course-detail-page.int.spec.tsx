import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '../../../testing/fetch-stub';
import { aCourse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { CourseDetailPage } from './course-detail-page';

function renderDetail() {
  return renderWithProviders(<CourseDetailPage courseId="c1" isAuthenticated={false} onAuthRequired={() => {}} />, { path: '/courses/c1' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('course detail', () => {
  it('shows the course: place, long dates, hours, centre, spots and price', async () => {
    stubFetch(() => json(200, aCourse({ spotsLeft: 3, totalSpots: 20 })));
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Toulon' })).toBeInTheDocument();
    expect(screen.getByText(/12 avenue de la République\s*83000 Toulon/)).toBeInTheDocument();
    expect(screen.getByText(/Début : 9 mai 2099\s*Fin : 10 mai 2099/)).toBeInTheDocument();
    expect(screen.getByText(/8h00 – 12h00 et 13h00 – 17h00/)).toBeInTheDocument();
    expect(screen.getByText('Centre Var Sécurité')).toBeInTheDocument();
    expect(screen.getByTestId('spots-left')).toHaveTextContent('3 places restantes sur 20');
    expect(screen.getByText('R2308300010')).toBeInTheDocument();
    expect(screen.getByText(/249,00\s€/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réserver' })).toBeEnabled();
    expect(document.title).toBe("Toulon | Récup'Points");
  });

  it('cannot be booked when full', async () => {
    stubFetch(() => json(200, aCourse({ spotsLeft: 0 })));
    renderDetail();
    expect(await screen.findByText('Complet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réserver' })).toBeDisabled();
  });

  it('says when the course does not exist, with a way back to the list', async () => {
    stubFetch(() => problem(404, 'COURSE_NOT_FOUND', 'Stage introuvable'));
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Stage introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour aux stages' })).toHaveAttribute('href', '/courses');
  });
});
