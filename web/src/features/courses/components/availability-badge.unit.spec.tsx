import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { AvailabilityBadge } from './availability-badge';

afterEach(async () => {
  await i18next.changeLanguage('fr');
});

describe('availability badge wording', () => {
  it("reads 'Places disponibles' above 5 spots", () => {
    render(<AvailabilityBadge course={{ spotsLeft: 12, status: 'SCHEDULED' }} />);
    expect(screen.getByText('Places disponibles')).toBeInTheDocument();
  });

  it('reads the number of spots left from 1 to 5, in warning style', () => {
    const { container } = render(<AvailabilityBadge course={{ spotsLeft: 3, status: 'SCHEDULED' }} />);
    expect(screen.getByText('3 places restantes')).toBeInTheDocument();
    expect(container.querySelector('[data-availability="limited"]')).toHaveClass('MuiChip-colorWarning');
  });

  it("reads 'Complet' with no spot left", () => {
    render(<AvailabilityBadge course={{ spotsLeft: 0, status: 'SCHEDULED' }} />);
    expect(screen.getByText('Complet')).toBeInTheDocument();
  });

  it('turns to limited at 5 spots, not 6', () => {
    const { container } = render(
      <>
        <AvailabilityBadge course={{ spotsLeft: 6, status: 'SCHEDULED' }} />
        <AvailabilityBadge course={{ spotsLeft: 5, status: 'SCHEDULED' }} />
      </>,
    );
    expect(screen.getByText('Places disponibles').closest('[data-availability]')).toHaveClass('MuiChip-colorSuccess');
    expect(screen.getByText('5 places restantes')).toBeInTheDocument();
    expect(container.querySelectorAll('[data-availability="limited"]')).toHaveLength(1);
  });

  it('marks a full course in error style', () => {
    const { container } = render(<AvailabilityBadge course={{ spotsLeft: 0, status: 'SCHEDULED' }} />);
    expect(container.querySelector('[data-availability="full"]')).toHaveClass('MuiChip-colorError');
  });

  it('says a cancelled course is cancelled, in error style, instead of its free places', () => {
    const { container } = render(<AvailabilityBadge course={{ spotsLeft: 20, status: 'CANCELLED' }} />);
    expect(screen.getByText('Annulé')).toBeInTheDocument();
    expect(screen.queryByText('Places disponibles')).not.toBeInTheDocument();
    expect(container.querySelector('[data-availability="cancelled"]')).toHaveClass('MuiChip-colorError');
  });

  it('says a started or finished course is so', () => {
    render(
      <>
        <AvailabilityBadge course={{ spotsLeft: 4, status: 'IN_PROGRESS' }} />
        <AvailabilityBadge course={{ spotsLeft: 4, status: 'COMPLETED' }} />
      </>,
    );
    expect(screen.getByText('En cours')).toBeInTheDocument();
    expect(screen.getByText('Terminé')).toBeInTheDocument();
    expect(screen.queryByText('4 places restantes')).not.toBeInTheDocument();
  });

  it('speaks English when the UI does', async () => {
    await i18next.changeLanguage('en');
    render(
      <>
        <AvailabilityBadge course={{ spotsLeft: 9, status: 'SCHEDULED' }} />
        <AvailabilityBadge course={{ spotsLeft: 1, status: 'SCHEDULED' }} />
        <AvailabilityBadge course={{ spotsLeft: 4, status: 'SCHEDULED' }} />
        <AvailabilityBadge course={{ spotsLeft: 0, status: 'SCHEDULED' }} />
      </>,
    );
    expect(screen.getByText('Available')).toBeInTheDocument();
    expect(screen.getByText('Limited: 1 spot left')).toBeInTheDocument();
    expect(screen.getByText('Limited: 4 spots left')).toBeInTheDocument();
    expect(screen.getByText('No spots left')).toBeInTheDocument();
    render(<AvailabilityBadge course={{ spotsLeft: 20, status: 'CANCELLED' }} />);
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
  });
});
