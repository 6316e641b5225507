import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { AvailabilityBadge } from './availability-badge';

afterEach(async () => {
  await i18next.changeLanguage('fr');
});

describe('availability badge wording', () => {
  it("reads 'Places disponibles' above 5 spots", () => {
    render(<AvailabilityBadge spotsLeft={12} />);
    expect(screen.getByText('Places disponibles')).toBeInTheDocument();
  });

  it('reads the number of spots left from 1 to 5, in warning style', () => {
    const { container } = render(<AvailabilityBadge spotsLeft={3} />);
    expect(screen.getByText('3 places restantes')).toBeInTheDocument();
    expect(container.querySelector('[data-availability="limited"]')).toHaveClass('MuiChip-colorWarning');
  });

  it("reads 'Complet' with no spot left", () => {
    render(<AvailabilityBadge spotsLeft={0} />);
    expect(screen.getByText('Complet')).toBeInTheDocument();
  });

  it('turns to limited at 5 spots, not 6', () => {
    const { container } = render(
      <>
        <AvailabilityBadge spotsLeft={6} />
        <AvailabilityBadge spotsLeft={5} />
      </>,
    );
    expect(screen.getByText('Places disponibles').closest('[data-availability]')).toHaveClass('MuiChip-colorSuccess');
    expect(screen.getByText('5 places restantes')).toBeInTheDocument();
    expect(container.querySelectorAll('[data-availability="limited"]')).toHaveLength(1);
  });

  it('marks a full course in error style', () => {
    const { container } = render(<AvailabilityBadge spotsLeft={0} />);
    expect(container.querySelector('[data-availability="full"]')).toHaveClass('MuiChip-colorError');
  });

  it('speaks English when the UI does', async () => {
    await i18next.changeLanguage('en');
    render(
      <>
        <AvailabilityBadge spotsLeft={9} />
        <AvailabilityBadge spotsLeft={1} />
        <AvailabilityBadge spotsLeft={4} />
        <AvailabilityBadge spotsLeft={0} />
      </>,
    );
    expect(screen.getByText('Available')).toBeInTheDocument();
    expect(screen.getByText('Limited: 1 spot left')).toBeInTheDocument();
    expect(screen.getByText('Limited: 4 spots left')).toBeInTheDocument();
    expect(screen.getByText('No spots left')).toBeInTheDocument();
  });
});
