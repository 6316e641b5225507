import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router';
import { json, problem, stubFetch } from '../../../testing/fetch-stub';
import { renderRoutes } from '../../../testing/render';
import { LEGAL_LAST_UPDATED } from './legal-document-page';

/** Who sells, as the query API answers it (the invoices carry the same identity). */
const SELLER = {
  name: "Récup'Points SAS", legalForm: 'société par actions simplifiée', shareCapitalCents: 5_000_000, address: '25 avenue de la République, 83000 Toulon, France',
  siren: '000000000', siret: '00000000000000', rcs: 'RCS Toulon 000 000 000', vatNumber: 'FR12000000000', vatExemption: null,
  publicationDirector: 'Dominique Exemple', email: 'contact@recup-points.fr', phone: '04 94 00 12 34',
  hostingProvider: 'Hébergeur Exemple SAS', hostingAddress: '1 rue de l’Exemple, 59100 Roubaix, France', hostingPhone: '+33 0 00 00 00 00', demonstration: true,
};
/** A seller configured for production: the pages name it, with no word of demonstration. */
const CONFIGURED = {
  ...SELLER, name: 'Stages Sud SAS', address: '3 quai du Port, 13002 Marseille, France', siren: '732829320', siret: '73282932000074', rcs: 'RCS Marseille 732 829 320', vatNumber: 'FR19732829320',
  publicationDirector: 'Claire Durand', hostingProvider: 'Nuage Provence SAS', hostingAddress: '8 rue de la République, 13001 Marseille, France', hostingPhone: '04 91 00 00 00', demonstration: false,
};

beforeEach(() => {
  stubFetch(({ url }) =>
    url.pathname === '/api/auth/me'
      ? problem(401, 'UNAUTHENTICATED', 'Non connecté')
      : url.pathname === '/api/legal/seller'
        ? json(200, SELLER)
        : problem(404, 'NOT_FOUND', 'Introuvable'),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fr');
});

/** The page's headings in order, as levels: one h1 first, and never a level skipped on the way down. */
function expectLogicalHeadings() {
  const main = screen.getByRole('main');
  const levels = within(main)
    .getAllByRole('heading')
    .map((heading) => Number(heading.tagName.slice(1)));
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  const skips = levels.filter((level, index) => index > 0 && level > levels[index - 1]! + 1);
  expect(skips).toEqual([]);
}

async function expectNoAxeViolations() {
  const results = await axe.run(screen.getByRole('main'), {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    // jsdom paints nothing: contrast is checked in the browser tests.
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
}

describe.each([
  ['/how-it-works', 'Comment ça marche'],
  ['/faq', 'Questions fréquentes'],
  ['/contact', 'Contact'],
  ['/legal-notice', 'Mentions légales'],
  ['/privacy-policy', 'Politique de confidentialité'],
  ['/terms-and-conditions', 'Conditions générales'],
  ['/cookies', 'Politique de cookies'],
])('the page %s', (path, title) => {
  it('names itself in the tab and in its one h1, with headings in order and no automated accessibility failure', async () => {
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} | Récup'Points`));
    expectLogicalHeadings();
    await expectNoAxeViolations();
  });
});

describe('how it works', () => {
  it('walks through six steps and five questions, then leads to the courses', async () => {
    renderRoutes(routes, '/how-it-works');
    const steps = await screen.findByRole('region', { name: 'Six étapes pour récupérer vos points' });
    const items = within(steps).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[0]).toHaveTextContent('Étape 1');
    expect(items[5]).toHaveTextContent('Étape 6');
    expect(within(items[4]!).getByText(/2 jours consécutifs, soit 14 heures/)).toBeInTheDocument();

    const questions = screen.getByRole('region', { name: 'Vos questions sur le stage' });
    expect(within(questions).getAllByRole('heading', { level: 3 })).toHaveLength(5);
    expect(within(questions).getByRole('link', { name: 'Voir toutes les questions fréquentes' })).toHaveAttribute('href', '/faq');

    const cta = screen.getByRole('region', { name: 'Prêt à récupérer vos points ?' });
    expect(within(cta).getByRole('link', { name: 'Trouver un stage' })).toHaveAttribute('href', '/courses');
  });

  it('speaks English when asked', async () => {
    await i18next.changeLanguage('en');
    renderRoutes(routes, '/how-it-works');
    expect(await screen.findByRole('heading', { level: 1, name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Get your points back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a course' })).toHaveAttribute('href', '/courses');
  });
});

describe('the legal pages', () => {
  it.each([
    ['/legal-notice', 'fr', 'Dernière mise à jour : 25 novembre 2026'],
    ['/cookies', 'fr', 'Dernière mise à jour : 25 novembre 2026'],
    ['/privacy-policy', 'en', 'Last updated: November 25, 2026'],
    ['/terms-and-conditions', 'en', 'Last updated: November 25, 2026'],
  ])('%s in %s says when it was last updated: the day of the release that set its text', async (path, language, text) => {
    expect(LEGAL_LAST_UPDATED).toBe('2026-11-25');
    await i18next.changeLanguage(language);
    renderRoutes(routes, path);
    const updated = await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === text);
    expect(within(updated).getByText(/2026/)).toHaveAttribute('datetime', LEGAL_LAST_UPDATED);
  });

  it('names every identity from the seller’s configuration, and says nothing of a demonstration once it is set', async () => {
    stubFetch(({ url }) => (url.pathname === '/api/legal/seller' ? json(200, CONFIGURED) : problem(401, 'UNAUTHENTICATED', 'Non connecté')));
    renderRoutes(routes, '/legal-notice');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('Le directeur de la publication est Claire Durand, représentant légal de Stages Sud SAS.')).toBeInTheDocument();
    expect(within(main).getByText('Le site est hébergé par Nuage Provence SAS, 8 rue de la République, 13001 Marseille, France (téléphone : 04 91 00 00 00).')).toBeInTheDocument();
    expect(within(main).queryByText(/démonstration/i)).not.toBeInTheDocument();
    expect(main.textContent).not.toMatch(/Dominique|Exemple|OVH/);
  });

  it('says the identities are examples while the seller is the demonstration one', async () => {
    renderRoutes(routes, '/privacy-policy');
    expect(await screen.findByText(/^Version de démonstration : l’éditeur, l’hébergeur et les numéros d’immatriculation affichés sont des exemples/)).toBeInTheDocument();
    expect(screen.getByText(/^Le responsable du traitement est Récup'Points SAS, 25 avenue de la République, 83000 Toulon, France\./)).toBeInTheDocument();
  });

  it('gives the terms true to the product: seller in its own name, 14-day withdrawal and when it does not apply, 12 months as a warning, points not guaranteed', async () => {
    stubFetch(({ url }) => (url.pathname === '/api/legal/seller' ? json(200, CONFIGURED) : problem(401, 'UNAUTHENTICATED', 'Non connecté')));
    renderRoutes(routes, '/terms-and-conditions');
    const withdrawal = await screen.findByRole('region', { name: /Droit de rétractation/ });
    expect(withdrawal).toHaveTextContent('vous disposez d’un délai de 14 jours à compter de votre réservation pour vous rétracter');
    expect(withdrawal).toHaveTextContent('Ce droit ne s’applique pas à un stage qui commence avant la fin de ce délai de 14 jours à votre demande expresse');
    expect(screen.getByRole('region', { name: /Objet/ })).toHaveTextContent('Stages Sud SAS vend chaque stage en son nom, pour le compte du centre agréé');
    const eligibility = screen.getByRole('region', { name: /Conditions de participation/ });
    expect(eligibility).toHaveTextContent('La réservation reste possible ; le site vous en avertit');
    expect(eligibility).not.toHaveTextContent('ne pas avoir suivi de stage');
    expect(screen.getByRole('region', { name: /Récupération des points/ })).toHaveTextContent('La récupération des points n’est pas garantie');
    expect(screen.getByRole('region', { name: /Prix et paiement/ })).toHaveTextContent('Un remboursement donne lieu à un avoir');
  });

  it('gives the company, its capital, a contact line, the publication director, the host and the courts', async () => {
    renderRoutes(routes, '/legal-notice');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Mentions légales' });
    expect(await within(main).findByText(/^Récup'Points SAS, société par actions simplifiée au capital de 50\s000\s€$/)).toBeInTheDocument();
    expect(within(main).getByText(/Téléphone : 04 94 00 12 34 .* E-mail : contact@recup-points\.fr/)).toBeInTheDocument();
    expect(within(main).getByRole('heading', { level: 2, name: '3. Directeur de la publication' })).toBeInTheDocument();
    expect(within(main).getByText(/hébergé par Hébergeur Exemple SAS/)).toBeInTheDocument();
    expect(within(main).getByText(/tribunaux de Marseille/)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Accéder au formulaire de contact' })).toHaveAttribute('href', '/contact');
  });

  it('names the seller the invoices name, as the query API gives it: numbers, VAT, director, and who sells the courses', async () => {
    renderRoutes(routes, '/legal-notice');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('SIREN 000 000 000 – SIRET 000 000 000 00000 – RCS Toulon 000 000 000')).toBeInTheDocument();
    expect(within(main).getByText('Numéro de TVA intracommunautaire : FR12000000000')).toBeInTheDocument();
    expect(within(main).getByText('Siège social : 25 avenue de la République, 83000 Toulon, France')).toBeInTheDocument();
    expect(within(main).getByText("Le directeur de la publication est Dominique Exemple, représentant légal de Récup'Points SAS.")).toBeInTheDocument();
    expect(within(main).getByText(/Récup'Points SAS vend chaque stage en son nom, pour le compte du centre agréé/)).toBeInTheDocument();
  });

  it('says so, and offers to try again, when the seller cannot be read', async () => {
    let fail = true;
    stubFetch(({ url }) =>
      url.pathname === '/api/legal/seller' ? (fail ? problem(500, 'INTERNAL', 'Erreur') : json(200, { ...SELLER, vatNumber: null, vatExemption: 'TVA non applicable, art. 293 B du CGI' })) : problem(401, 'UNAUTHENTICATED', 'Non connecté'),
    );
    renderRoutes(routes, '/legal-notice');
    expect(await screen.findByText('Les informations sur l’éditeur du site n’ont pas pu être chargées.')).toBeInTheDocument();
    fail = false;
    screen.getByRole('button', { name: 'Réessayer' }).click();
    expect(await screen.findByText('TVA non applicable, art. 293 B du CGI')).toBeInTheDocument();
  });

  it('lists its sections in a table of contents whose links reach each heading', async () => {
    renderRoutes(routes, '/terms-and-conditions');
    const contents = await screen.findByRole('navigation', { name: 'Sommaire' });
    const links = within(contents).getAllByRole('link');
    const headings = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).filter((heading) => heading.textContent !== 'Sommaire');
    expect(links).toHaveLength(headings.length);
    links.forEach((link, index) => expect(link).toHaveAttribute('href', `#${headings[index]!.id}`));
  });

  it('sends the privacy policy’s reader to the cookie policy', async () => {
    renderRoutes(routes, '/privacy-policy');
    expect(await screen.findByRole('link', { name: 'Lire la politique de cookies' })).toHaveAttribute('href', '/cookies');
  });

  it('states the cancellation rule of the terms in English: refunded at 72 hours or more, not after', async () => {
    await i18next.changeLanguage('en');
    renderRoutes(routes, '/terms-and-conditions');
    const section = await screen.findByRole('region', { name: /Cancellation by the learner/ });
    expect(section).toHaveTextContent('at least 72 hours before the course starts, or within the withdrawal period where it applies, is refunded automatically');
    expect(section).toHaveTextContent('less than 72 hours before the course starts is not refunded');
  });
});
