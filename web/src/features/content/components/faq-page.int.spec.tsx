import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { FaqPage } from './faq-page';

afterEach(async () => {
  await i18next.changeLanguage('fr');
});

function questionButtons() {
  return screen.getAllByRole('button').filter((button) => button.hasAttribute('aria-expanded'));
}

describe('the FAQ', () => {
  it('groups sixteen questions under four categories, each question a heading of the next level', async () => {
    renderWithProviders(<FaqPage />, { path: '/faq' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Questions fréquentes' })).toBeInTheDocument();
    const categories = ['Le stage', 'Réservation et paiement', 'Annulation et remboursement', 'Points et permis'];
    for (const name of categories) {
      const section = screen.getByRole('region', { name });
      expect(within(section).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    }
    expect(questionButtons()).toHaveLength(16);
    expect(questionButtons().every((button) => button.getAttribute('aria-expanded') === 'false')).toBe(true);
  });

  it('opens and closes an answer from the keyboard alone', async () => {
    renderWithProviders(<FaqPage />, { path: '/faq' });
    const user = userEvent.setup();
    const first = await screen.findByRole('button', { name: 'Qu’est-ce qu’un stage de récupération de points ?' });
    expect(screen.queryByRole('region', { name: 'Qu’est-ce qu’un stage de récupération de points ?' })).not.toBeInTheDocument();

    await user.tab();
    expect(first).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const answer = await screen.findByRole('region', { name: 'Qu’est-ce qu’un stage de récupération de points ?' });
    expect(answer).toHaveTextContent('agréée par la préfecture');
    expect(first).toHaveAttribute('aria-controls', answer.id);

    await user.tab();
    const second = screen.getByRole('button', { name: 'Combien de points puis-je récupérer ?' });
    expect(second).toHaveFocus();
    await user.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'true');

    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'false');
  });

  it('answers with the booking rules: 30-minute hold, refund when cancelling 72 hours ahead', async () => {
    renderWithProviders(<FaqPage />, { path: '/faq' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Combien de temps ma place est-elle réservée avant le paiement ?' }));
    expect(await screen.findByRole('region', { name: 'Combien de temps ma place est-elle réservée avant le paiement ?' })).toHaveTextContent('30 minutes');
    await user.click(screen.getByRole('button', { name: 'Serai-je remboursé(e) si j’annule ?' }));
    expect(await screen.findByRole('region', { name: 'Serai-je remboursé(e) si j’annule ?' })).toHaveTextContent('au moins 72 heures avant le début du stage');
  });

  it('points to the contact page and the courses when the answer is not there, in English too', async () => {
    await i18next.changeLanguage('en');
    renderWithProviders(<FaqPage />, { path: '/faq' });
    const help = await screen.findByRole('region', { name: 'Didn’t find your answer?' });
    expect(within(help).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(within(help).getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/courses');
    expect(screen.getByRole('button', { name: 'What is a points recovery course?' })).toBeInTheDocument();
  });
});
