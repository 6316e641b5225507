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

  it('speaks English when the UI does', async () => {
    await i18next.changeLanguage('en');
    render(<AvailabilityBadge spotsLeft={1} />);
    expect(screen.getByText('Limited: 1 spot left')).toBeInTheDocument();
  });
});
