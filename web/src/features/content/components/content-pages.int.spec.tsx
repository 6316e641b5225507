import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router';
import { json, problem, stubFetch } from '../../../testing/fetch-stub';
import { renderRoutes } from '../../../testing/render';

/** Who sells, as the query API answers it (the invoices carry the same identity). */
const SELLER = {
  name: "Récup'Points SAS", legalForm: 'société par actions simplifiée', shareCapitalCents: 5_000_000, address: '25 avenue de la République, 83000 Toulon, France',
  siren: '000000000', siret: '00000000000000', rcs: 'RCS Toulon 000 000 000', vatNumber: 'FR12000000000', vatExemption: null,
  publicationDirector: 'Dominique Exemple', email: 'contact@recup-points.fr', phone: '04 94 00 12 34',
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
    ['/legal-notice', 'fr', 'Dernière mise à jour : 1 septembre 2023'],
    ['/cookies', 'fr', 'Dernière mise à jour : 1 septembre 2023'],
    ['/privacy-policy', 'en', 'Last updated: September 1, 2023'],
    ['/terms-and-conditions', 'en', 'Last updated: September 1, 2023'],
  ])('%s in %s says when it was last updated, as a long date', async (path, language, text) => {
    await i18next.changeLanguage(language);
    renderRoutes(routes, path);
    const updated = await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === text);
    expect(within(updated).getByText(/2023/)).toHaveAttribute('datetime', '2023-09-01');
  });

  it('gives the company, its capital, a contact line, the publication director, the host and the courts', async () => {
    renderRoutes(routes, '/legal-notice');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Mentions légales' });
    expect(await within(main).findByText(/^Récup'Points SAS, société par actions simplifiée au capital de 50\s000\s€$/)).toBeInTheDocument();
    expect(within(main).getByText(/Téléphone : 04 94 00 12 34 .* E-mail : contact@recup-points\.fr/)).toBeInTheDocument();
    expect(within(main).getByRole('heading', { level: 2, name: '3. Directeur de la publication' })).toBeInTheDocument();
    expect(within(main).getByText(/hébergé par OVH SAS/)).toBeInTheDocument();
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
    expect(section).toHaveTextContent('at least 72 hours before the course starts is refunded automatically');
    expect(section).toHaveTextContent('less than 72 hours before the course starts is not refunded');
  });
});
