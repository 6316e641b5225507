import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { Footer } from './footer';

afterEach(async () => {
  await i18next.changeLanguage('fr');
});

describe('the footer’s address, as a screen reader reads it', () => {
  const address = () => screen.getByText('25 avenue de la République, 83000 Toulon, France', { exact: false }).textContent;

  it('puts a no-break space before the colon in French', () => {
    renderWithProviders(<Footer />);
    expect(address()).toBe('Adresse\u00a0: 25 avenue de la République, 83000 Toulon, France');
  });

  it('puts no space before the colon in English', async () => {
    await i18next.changeLanguage('en');
    renderWithProviders(<Footer />);
    expect(address()).toBe('Address: 25 avenue de la République, 83000 Toulon, France');
  });
});
