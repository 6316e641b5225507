import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { problem, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { ContactPage } from './contact-page';

const french = {
  name: /^Votre nom/,
  email: /^Adresse e-mail/,
  subject: /^Sujet/,
  message: /^Message/,
  submit: 'Envoyer le message',
};

const english = {
  name: /^Your name/,
  email: /^Email address/,
  subject: /^Subject/,
  message: /^Message/,
  submit: 'Send message',
};

let fetchMock: ReturnType<typeof stubFetch>['fetchMock'];

beforeEach(() => {
  ({ fetchMock } = stubFetch(() => problem(404, 'NOT_FOUND', 'Introuvable')));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fr');
});

function renderContact() {
  renderWithProviders(<ContactPage />, { path: '/contact' });
  return userEvent.setup();
}

async function fill(user: ReturnType<typeof userEvent.setup>, labels: typeof french, values: Partial<Record<'name' | 'email' | 'subject' | 'message', string>>) {
  for (const [field, value] of Object.entries(values) as Array<[keyof typeof values, string]>) {
    const input = screen.getByLabelText(labels[field]);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('the contact form, in French', () => {
  it('names every empty field with its own message, on that field, and focuses the first', async () => {
    const user = renderContact();
    await user.click(await screen.findByRole('button', { name: french.submit }));

    expect(screen.getByLabelText(french.name)).toHaveAccessibleDescription('Le nom est requis');
    expect(screen.getByLabelText(french.email)).toHaveAccessibleDescription('Veuillez saisir une adresse e-mail valide');
    expect(screen.getByLabelText(french.subject)).toHaveAccessibleDescription('Le sujet est requis');
    expect(screen.getByLabelText(french.message)).toHaveAccessibleDescription('Le message doit contenir au moins 10 caractères');
    for (const label of [french.name, french.email, french.subject, french.message]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByLabelText(french.name)).toHaveFocus();
  });

  it('holds each field to its rule: name and subject 2 characters, a valid address, a message of 10', async () => {
    const user = renderContact();
    await screen.findByRole('button', { name: french.submit });
    await fill(user, french, { name: ' A ', email: 'marie@', subject: 'B', message: '123456789' });
    await user.click(screen.getByRole('button', { name: french.submit }));

    expect(screen.getByLabelText(french.name)).toHaveAccessibleDescription('Le nom est requis');
    expect(screen.getByLabelText(french.email)).toHaveAccessibleDescription('Veuillez saisir une adresse e-mail valide');
    expect(screen.getByLabelText(french.subject)).toHaveAccessibleDescription('Le sujet est requis');
    expect(screen.getByLabelText(french.message)).toHaveAccessibleDescription('Le message doit contenir au moins 10 caractères');

    await fill(user, french, { name: 'Al', email: 'marie@example.fr', subject: 'Re', message: '1234567890' });
    for (const label of [french.name, french.email, french.subject]) {
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByLabelText(french.message)).toHaveAccessibleDescription('Au moins 10 caractères');
  });

  it('sends after one second without calling anyone, says so, and starts over empty', async () => {
    const user = renderContact();
    await screen.findByRole('button', { name: french.submit });
    await fill(user, french, {
      name: 'Marie Curie',
      email: 'marie@example.fr',
      subject: 'Date de mon stage',
      message: 'Bonjour, puis-je changer la date de mon stage à Toulon ?',
    });
    const submit = screen.getByRole('button', { name: french.submit });
    const sentAt = performance.now();
    await user.click(submit);

    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText(french.name)).toBeDisabled();
    expect(screen.queryByText('Message envoyé')).not.toBeInTheDocument();

    expect(await screen.findByText('Message envoyé')).toBeInTheDocument();
    // Specification §9: the simulated send takes one second.
    expect(performance.now() - sentAt).toBeGreaterThanOrEqual(980);
    for (const label of [french.name, french.email, french.subject, french.message]) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    await waitFor(() => expect(screen.getByRole('button', { name: french.submit })).toBeEnabled());
    expect(screen.getByLabelText(french.name)).not.toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the opening hours and how to reach us', async () => {
    renderContact();
    expect(await screen.findByText('25 avenue de la République, 83000 Toulon, France')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '04 94 00 12 34' })).toHaveAttribute('href', 'tel:+33494001234');
    expect(screen.getByRole('link', { name: 'contact@recup-points.fr' })).toHaveAttribute('href', 'mailto:contact@recup-points.fr');
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Du lundi au vendredi', 'Samedi', 'Dimanche']);
    expect(screen.getAllByRole('definition').map((definition) => definition.textContent)).toEqual(['9h00 – 18h00', '10h00 – 16h00', 'Fermé']);
  });

  it('passes the automated accessibility rules with its errors showing', async () => {
    const user = renderContact();
    await user.click(await screen.findByRole('button', { name: french.submit }));
    await screen.findByText('Le nom est requis');
    const results = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      // jsdom paints nothing: contrast is checked in the browser tests.
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
  });
});

describe('the contact form, in English', () => {
  it('names every broken rule with the spec’s English message, on that field', async () => {
    await i18next.changeLanguage('en');
    const user = renderContact();
    await screen.findByRole('button', { name: english.submit });
    await fill(user, english, { name: 'J', email: 'john.example.com', subject: ' ', message: 'Too short' });
    await user.click(screen.getByRole('button', { name: english.submit }));

    expect(screen.getByLabelText(english.name)).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText(english.email)).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText(english.subject)).toHaveAccessibleDescription('Subject is required');
    expect(screen.getByLabelText(english.message)).toHaveAccessibleDescription('Message must be at least 10 characters');
  });

  it('sends and thanks in English', async () => {
    await i18next.changeLanguage('en');
    const user = renderContact();
    await screen.findByRole('button', { name: english.submit });
    await fill(user, english, { name: 'John Smith', email: 'john@example.com', subject: 'Invoice', message: 'Where can I find my invoice, please?' });
    await user.click(screen.getByRole('button', { name: english.submit }));

    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(screen.getByLabelText(english.message)).toHaveValue('');
    expect(screen.getByText('Monday to Friday')).toBeInTheDocument();
    expect(screen.getByText('9:00 AM – 6:00 PM')).toBeInTheDocument();
  });
});
