import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUserDto } from '@recup/query-api/contracts';
import { LANGUAGE_STORAGE_KEY, readStoredLanguage } from '../../lib/language';
import { json, problem, stubFetch, searchAnswer } from '../../testing/fetch-stub';
import { aBooking, aCourse, aUser } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { routes } from '../router';

function serve(user: CurrentUserDto | null) {
  return stubFetch(({ url }) => {
    if (url.pathname === '/api/auth/me') return user ? json(200, user) : problem(401, 'UNAUTHENTICATED', 'Non connecté');
    if (url.pathname === '/api/courses/c1') return json(200, aCourse());
    if (url.pathname === '/api/courses/search') return json(200, searchAnswer(url, [aCourse()]));
    if (url.pathname === '/api/user/bookings') {
      return json(200, [
        aBooking({ id: 'b1', bookingReference: 'RP-1', status: 'PENDING' }),
        aBooking({ id: 'b2', bookingReference: 'RP-2', status: 'CANCELLED' }),
      ]);
    }
    return problem(404, 'NOT_FOUND', 'Introuvable');
  });
}

/**
 * WCAG 2.2 A/AA rules plus the structural best practices the pages promise (one h1, no skipped level, landmarks).
 * Contrast needs a real renderer: the palette's own test checks it.
 */
async function accessibilityViolations(): Promise<string[]> {
  const results = await axe.run(document, {
    runOnly: {
      type: 'rule',
      values: [
        ...axe
          .getRules(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          // As axe runs by tag: experimental rules (p-as-heading and the like) are left out.
          .filter((rule) => !rule.tags.includes('experimental'))
          .map((rule) => rule.ruleId),
        'heading-order',
        'page-has-heading-one',
        'landmark-one-main',
        'landmark-unique',
        'landmark-no-duplicate-banner',
        'landmark-no-duplicate-contentinfo',
        'skip-link',
        'region',
      ],
    },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`);
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fr');
  window.localStorage.clear();
});

describe('every page', () => {
  it('has a header, a main area reached by a skip link, and a footer', async () => {
    serve(null);
    renderRoutes(routes, '/courses/c1');
    await screen.findByRole('heading', { level: 1, name: 'Toulon' });

    const skip = screen.getByRole('link', { name: 'Aller au contenu principal' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    await userEvent.setup().tab();
    expect(skip).toHaveFocus();

    const header = screen.getByRole('banner');
    const nav = within(header).getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/', '/courses', '/how-it-works', '/faq', '/contact']);
    expect(within(nav).getByRole('link', { name: 'Stages' })).toHaveAttribute('aria-current', 'page');
    expect(within(header).getByRole('button', { name: 'Connexion' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Inscription' })).toBeInTheDocument();

    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Récup'Points`);
    expect(within(footer).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(
      expect.arrayContaining(['/', '/courses', '/how-it-works', '/faq', '/contact', '/legal-notice', '/privacy-policy', '/terms-and-conditions', '/cookies']),
    );
  });

  it('opens the sign-in modal when an anonymous visitor books a course', async () => {
    serve(null);
    renderRoutes(routes, '/courses/c1');
    await screen.findByRole('heading', { level: 1, name: 'Toulon' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: "J'accepte les conditions générales" }));
    await user.click(screen.getByRole('button', { name: 'Réserver' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Connexion', selected: true })).toBeInTheDocument();
    expect(screen.getByText('Authentification requise')).toBeInTheDocument();
  });
});

describe('the account menu', () => {
  it.each([
    ['USER', ['/dashboard', '/profile']],
    ['ADMIN', ['/admin', '/admin/courses', '/admin/bookings', '/admin/organizations', '/admin/payments', '/admin/statements', '/admin/users', '/admin/reports']],
    ['ORGANIZATION', ['/organization', '/organization/courses', '/organization/bookings', '/organization/statements', '/organization/reports', '/organization/profile']],
  ] as const)('of a %s shows their initials and their pages, and works from the keyboard', async (role, pages) => {
    serve(aUser(role));
    renderRoutes(routes, '/courses/c1');
    const avatar = await screen.findByRole('button', { name: 'MC — Menu du compte de Marie Curie' });
    expect(avatar).toHaveTextContent('MC');
    expect(screen.queryByRole('button', { name: 'Connexion' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    avatar.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.getAttribute('href'))).toEqual([...pages, null]);
    expect(within(menu).getByRole('menuitem', { name: 'Déconnexion' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(avatar).toHaveFocus();
  });
});

describe('the side menu of small screens', () => {
  it('opens from the keyboard with the same links, and closes on Escape', async () => {
    serve(aUser('USER'));
    renderRoutes(routes, '/courses/c1');
    await screen.findByRole('button', { name: 'MC — Menu du compte de Marie Curie' });
    const opener = screen.getByRole('button', { name: 'Ouvrir le menu' });
    expect(opener).toHaveAttribute('aria-expanded', 'false');

    const user = userEvent.setup();
    opener.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('presentation');
    expect(within(drawer).getByRole('heading', { level: 2, name: 'Menu' })).toBeInTheDocument();
    const links = within(drawer).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/', '/courses', '/how-it-works', '/faq', '/contact', '/dashboard', '/profile']);
    expect(within(drawer).getByRole('button', { name: 'Fermer le menu' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Mon profil' })).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});

describe('the language', () => {
  it('is French by default, on <html lang> too', async () => {
    serve(null);
    expect(readStoredLanguage()).toBe('fr');
    renderRoutes(routes, '/courses/c1');
    await screen.findByRole('heading', { level: 1, name: 'Toulon' });
    expect(document.documentElement.lang).toBe('fr');
  });

  it('switches from the header, is kept in localStorage and sets <html lang>', async () => {
    serve(null);
    renderRoutes(routes, '/courses/c1');
    await screen.findByRole('heading', { level: 1, name: 'Toulon' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'FR – changer de langue (actuelle : Français)' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'English' }));

    expect(await screen.findByRole('link', { name: 'Back to courses' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Courses' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN – change language (current: English)' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(readStoredLanguage()).toBe('en');

    await user.click(screen.getByRole('button', { name: 'EN – change language (current: English)' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Français' }));
    expect(await screen.findByRole('link', { name: 'Retour aux stages' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });
});

describe('accessibility (axe, WCAG 2.2 A/AA)', () => {
  it('finds nothing on a course page', async () => {
    serve(null);
    renderRoutes(routes, '/courses/c1');
    await screen.findByRole('heading', { level: 1, name: 'Toulon' });
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('finds nothing on the dashboard, on either tab', async () => {
    serve(aUser('USER'));
    renderRoutes(routes, '/dashboard');
    await screen.findAllByTestId('booking-card');
    expect(await accessibilityViolations()).toEqual([]);
    await userEvent.setup().click(screen.getByRole('tab', { name: /Historique des réservations/ }));
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('finds nothing on the dashboard with its cancel dialog open', async () => {
    stubFetch(({ url }) => {
      if (url.pathname === '/api/auth/me') return json(200, aUser('USER'));
      if (url.pathname === '/api/user/bookings') return json(200, [aBooking({ cancellation: { allowed: true, refundDue: true } })]);
      return problem(404, 'NOT_FOUND', 'Introuvable');
    });
    renderRoutes(routes, '/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Annuler' }));
    await screen.findByRole('dialog');
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('finds nothing with the side menu open', async () => {
    serve(aUser('ADMIN'));
    renderRoutes(routes, '/courses/c1');
    await screen.findByRole('heading', { level: 1, name: 'Toulon' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    await screen.findByRole('button', { name: 'Fermer le menu' });
    expect(await accessibilityViolations()).toEqual([]);
  });
});
