/// <reference lib="dom" />
// Functions given to page.evaluate run in the browser.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { AXE_MATRIX, AXE_VERSION, axeResults, axeViolations, checkA11y, checkReflow, expectVisibleFocus, formatViolations, ready, settle, tabTo } from './support/a11y';
import { LEARNER, prepareLearner, type LearnerFixture } from './support/learner';
import { WALK_TIMEOUT_MS } from './support/context';
import { prepareWaitingLists } from './support/waiting-list';

/**
 * Every public and learner page of the product, in French and English, on a phone (360 px) and a desktop
 * (1280 px), checked by axe-core against WCAG 2.2 A and AA, with the dialogs and menus open; the keyboard alone
 * operating the search, the menus, the filters and a booking; screenshots for a person to look at.
 */

/** Outside Playwright's outputDir (test-results/playwright), which each run empties. */
const SCREENSHOTS = join('test-results', 'screenshots');

const LABELS = {
  fr: {
    login: 'Connexion', register: 'Inscription', openMenu: 'Ouvrir le menu', filters: 'Filtres', cancel: 'Annuler',
    keep: 'Garder ma réservation', history: 'Historique des réservations', signIn: 'Se connecter', send: 'Envoyer le message', pay: /^Payer/,
    changeDate: 'Changer de date',
    continueToPayment: 'Continuer vers le paiement', probation: /^Stage obligatoire du permis probatoire/, letter: /^Date de réception de la lettre 48N/, oldLetter: '02/01/2020',
  },
  en: {
    login: 'Sign in', register: 'Sign up', openMenu: 'Open menu', filters: 'Filters', cancel: 'Cancel',
    keep: 'Keep my booking', history: 'Booking history', signIn: 'Sign in', send: 'Send message', pay: /^Pay/,
    changeDate: 'Change date',
    continueToPayment: 'Continue to payment', probation: /^Mandatory course of a probationary licence/, letter: /^Day you received the 48N letter/, oldLetter: '01/02/2020',
  },
} as const;
type Language = keyof typeof LABELS;

/** Pages a visitor sees; each has a main heading once loaded. The desktop also sees the list's distances. */
function publicPages(courseId: string, mobile: boolean): [label: string, path: string][] {
  return [
    ['home', '/'],
    ['course list', '/courses'],
    ...(mobile ? [] : [['course list with a location', '/courses?location=Marseille'] as [string, string]]),
    ['course detail', `/courses/${courseId}`],
    ['full course with its waiting list', `/courses/${waitingLists.waitingCourseId}`],
    ['how it works', '/how-it-works'],
    ['FAQ', '/faq'],
    ['contact', '/contact'],
    ['verify e-mail without token', '/verify-email'],
    ['verify e-mail with a wrong token', '/verify-email?token=not-a-real-token&email=learner%40demo.test'],
    ['reset password without token', '/reset-password'],
    ['reset password form', '/reset-password?token=some-token'],
    ['forgot password', '/forgot-password'],
    ['resend verification', '/resend-verification?email=someone%40example.test'],
    ['legal notice', '/legal-notice'],
    ['privacy policy', '/privacy-policy'],
    ['terms and conditions', '/terms-and-conditions'],
    ['cookies', '/cookies'],
    ['dashboard signed out', '/dashboard'],
    ['unknown route (404)', '/no-such-page'],
  ];
}

function learnerPages(learner: LearnerFixture): [label: string, path: string][] {
  return [
    ['dashboard', '/dashboard'],
    ['profile', '/profile'],
    // After another page, so that the fragment is read by a fresh load of the dashboard.
    ['dashboard history', '/dashboard#history'],
    ['checkout', `/checkout/${learner.pendingBookingId}`],
    ['checkout: before paying', `/checkout/${learner.undeclaredBookingId}`],
    ['payment success without parameters', '/payment-success'],
    ['payment success', `/payment-success?payment_intent=${learner.confirmed.paymentIntentId}&booking_id=${learner.confirmed.bookingId}`],
    // The waiting list (issue 19 §5): a full course the learner waits for, and one whose place is held for them.
    ['full course, the learner in line', `/courses/${waitingLists.waitingCourseId}`],
    ['full course, a place held for the learner', `/courses/${waitingLists.offeredCourseId}`],
  ];
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await ready(page);
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** English through the flag selector in the header, as a visitor switches; the choice is kept for the next pages. */
async function switchToEnglish(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^FR/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: /^EN/ })).toBeVisible();
}

async function openDrawer(page: Page, language: Language) {
  await page.getByRole('banner').getByRole('button', { name: LABELS[language].openMenu }).click();
  const drawer = page.locator('.MuiDrawer-paper');
  await expect(drawer).toBeVisible();
  await settle(page);
  return drawer;
}

let learner: LearnerFixture;
let waitingLists: { waitingCourseId: string; offeredCourseId: string };

test.beforeAll(async ({ baseURL }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  learner = await prepareLearner(baseURL!);
  // After the learner's bookings: a line joined before a booking is confirmed would end with it.
  waitingLists = await prepareWaitingLists(baseURL!, LEARNER);
});

for (const [language, width] of AXE_MATRIX) {
    test(`${language}, ${width} px: every page and dialog passes axe WCAG 2.2 A/AA`, async ({ browser, baseURL }) => {
    test.setTimeout(WALK_TIMEOUT_MS);
    const labels = LABELS[language];
    const mobile = width < 900;
    const context: BrowserContext = await browser.newContext({ baseURL, viewport: { width, height: 800 }, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      const check = async (label: string) => {
        await checkA11y(page, `${label} (${language}, ${width} px)`);
        await checkReflow(page, `${label} (${language}, ${width} px)`);
      };

      await visit(page, '/');
      if (language === 'en') {
        await switchToEnglish(page);
        await settle(page);
      }
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      if (!mobile) {
        await page.getByRole('button', { name: new RegExp(`^${language.toUpperCase()}`) }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await settle(page);
        await check('language menu');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toBeHidden();
      }

      // The shared dialogs, signed out: the side menu on a phone, the sign-in modal and its sign-up tab.
      if (mobile) {
        const drawer = await openDrawer(page, language);
        await check('side menu, signed out');
        await drawer.getByRole('button', { name: labels.login }).click();
      } else {
        await page.getByRole('banner').getByRole('button', { name: labels.login }).click();
      }
      const modal = page.getByRole('dialog');
      await expect(modal).toBeVisible();
      await settle(page);
      await check('sign-in modal');
      if (!mobile) {
        // Its error states: fields left empty, then a wrong password and the toast that says so.
        await modal.getByRole('button', { name: labels.signIn }).click();
        await expect(modal.locator('.Mui-error').first()).toBeVisible();
        await check('sign-in modal with field errors');
        await modal.getByLabel(/^E-?mail/).fill(LEARNER.email);
        await modal.getByLabel(/^(Mot de passe|Password)/).fill('not-the-password');
        await modal.getByRole('button', { name: labels.signIn }).click();
        await expect(page.locator('[role="alert"], [role="status"]').filter({ hasText: /Échec|failed/i }).first()).toBeVisible();
        await settle(page);
        await check('sign-in failure toast');
      }
      await modal.getByRole('tab', { name: labels.register }).click();
      await settle(page);
      await check('sign-up modal');
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();

      for (const [label, path] of publicPages(learner.freeCourseId, mobile)) {
        await visit(page, path);
        await check(label);
        if (language === 'fr' && path === '/') await screenshot(page, `home-${width}`);
        if (language === 'fr' && path === '/courses') await screenshot(page, `courses-${width}`);
        if (language === 'fr' && path.startsWith('/courses/')) await screenshot(page, `course-detail-${width}`);
        if (!mobile && path === '/faq') {
          const question = page.getByRole('main').locator('button[aria-expanded]').first();
          await question.click();
          await expect(question).toHaveAttribute('aria-expanded', 'true');
          await settle(page);
          await check('FAQ with an answer open');
        }
        if (!mobile && path === '/contact') {
          await page.getByRole('button', { name: labels.send }).click();
          await expect(page.locator('.Mui-error').first()).toBeVisible();
          await check('contact form with errors');
        }
        if (!mobile && path === '/courses') {
          // The calendar of the first date filter (MUI X's picker).
          await page.getByRole('main').locator('.MuiInputAdornment-root button').first().click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await expect(page.getByRole('gridcell').first()).toBeVisible();
          await settle(page);
          await check('date picker');
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toBeHidden();
        }
        if (mobile && path === '/courses') {
          await page.getByRole('button', { name: labels.filters, exact: true }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await settle(page);
          await check('course filters dialog');
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toBeHidden();
        }
      }

      // Signed in as the demo learner.
      await context.addCookies(learner.storageState.cookies);
      for (const [label, path] of learnerPages(learner)) {
        await visit(page, path);
        if (path.startsWith('/dashboard')) await expect(page.getByTestId('booking-card').first()).toBeVisible();
        if (path === '/dashboard') await expect(page.getByTestId('waiting-entry-offer')).toBeVisible();
        if (path === `/courses/${waitingLists.waitingCourseId}`) await expect(page.getByTestId('waiting-position')).toBeVisible();
        if (path === `/courses/${waitingLists.offeredCourseId}`) await expect(page.getByTestId('waiting-offer')).toBeVisible();
        if (path === '/dashboard#history') await expect(page.getByRole('tab', { selected: true })).toContainText(labels.history);
        await check(label);
        if (!mobile && path === `/checkout/${learner.pendingBookingId}`) {
          await page.getByRole('button', { name: labels.pay }).click();
          await expect(page.locator('.Mui-error').first()).toBeVisible();
          await check('checkout with card errors');
        }
        if (!mobile && path === `/checkout/${learner.undeclaredBookingId}`) {
          // The step before the card with its errors, then with the warning of a 48N course that ends too late (not sent).
          await page.getByRole('button', { name: labels.continueToPayment }).click();
          await expect(page.locator('.Mui-error').first()).toBeVisible();
          await check('checkout: before paying, with errors');
          await page.getByRole('radio', { name: labels.probation }).check();
          await page.getByRole('textbox', { name: labels.letter }).fill(labels.oldLetter);
          await expect(page.getByTestId('learner-case-notice')).toBeVisible();
          await check('checkout: before paying, 48N course too late');
        }
      }

      await visit(page, '/dashboard');
      const cancel = page.getByTestId('booking-card').getByRole('button', { name: labels.cancel, exact: true }).first();
      await cancel.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await settle(page);
      await check('cancel dialog');
      await dialog.getByRole('button', { name: labels.keep }).click();
      await expect(dialog).toBeHidden();

      // Changing the date (issue 19 §4): the list of courses with a free place, then the confirmation of one.
      await page.getByTestId('booking-card').getByRole('button', { name: labels.changeDate }).first().click();
      const move = page.getByTestId('move-dialog');
      await expect(move.getByTestId('move-option').first()).toBeVisible();
      await settle(page);
      await check('move dialog');
      await move.getByTestId('move-option').first().click();
      await expect(move.getByTestId('move-money')).toBeVisible();
      await settle(page);
      await check('move confirmation');
      await page.keyboard.press('Escape');
      await expect(move).toBeHidden();

      if (mobile) {
        await openDrawer(page, language);
        await check('side menu, signed in');
      } else {
        await page.getByRole('banner').getByRole('button', { name: /Camille Durand/ }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await settle(page);
        await check('account menu');
        await page.keyboard.press('Escape');
      }
    } finally {
      await context.close();
    }
  });
}

test('the keyboard alone searches, opens the menus, filters and books, with the focus always visible', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
  try {
    const page = await context.newPage();

    // Home: the skip link first, then the search, submitted with Enter.
    await visit(page, '/');
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page, 'the skip link');
    const search = page.getByRole('main').getByLabel('Ville ou code postal');
    await tabTo(page, search, 'the home search field');
    await page.keyboard.type('Marseille');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/courses\?location=Marseille/);
    await ready(page);

    // The language menu: opened with Enter, walked with the arrows, closed with Escape, the focus back on its button.
    const languageButton = page.getByRole('button', { name: /^FR/ });
    await languageButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'English' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(languageButton).toBeFocused();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    // Desktop filters: weekend only with Space, applied with Enter; fewer courses are then found.
    await visit(page, '/courses');
    const found = page.getByRole('main').getByRole('heading', { level: 2, name: /trouvés?$/ });
    const allCourses = await found.innerText();
    const weekend = page.getByRole('switch', { name: 'Week-end uniquement' });
    await tabTo(page, weekend, 'the weekend filter');
    await page.keyboard.press('Space');
    await expect(weekend).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Appliquer' }), 'the apply button');
    await page.keyboard.press('Enter');
    await expect(found).not.toHaveText(allCourses);

    // The course page: terms with Space, booking with Enter, signing in from the modal with the keyboard.
    await visit(page, `/courses/${learner.freeCourseId}`);
    const terms = page.getByRole('checkbox', { name: "J'accepte les conditions générales" });
    await tabTo(page, terms, 'the terms checkbox', 80);
    await page.keyboard.press('Space');
    await expect(terms).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Réserver' }), 'the book button');
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog');
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel(/^Email/)).toBeFocused();
    await expectVisibleFocus(page, 'the e-mail field of the sign-in modal');
    await page.keyboard.type('learner@demo.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type('demo-password');
    await page.keyboard.press('Enter');
    await expect(modal).toBeHidden();
    if (!(await terms.isChecked())) {
      await terms.focus();
      await page.keyboard.press('Space');
    }
    const early = page.getByRole('checkbox', { name: /avant la fin de mon délai de rétractation/ });
    if ((await early.count()) > 0) {
      await early.focus();
      await page.keyboard.press('Space');
      await expect(early).toBeChecked();
    }
    await page.getByRole('button', { name: 'Réserver' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
    await ready(page);

    // Before the card: why the learner takes the course, chosen with Space, the step sent with Enter.
    const voluntary = page.getByRole('radio', { name: /^Stage volontaire/ });
    await tabTo(page, voluntary, 'the first case of the law', 40);
    await page.keyboard.press('Space');
    await expect(voluntary).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Continuer vers le paiement' }), 'the continue button');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Titulaire de la carte')).toBeVisible();

    // Checkout: each field reached with Tab, the payment sent with Enter.
    const cardFields: [label: string, value: string][] = [
      ['Titulaire de la carte', 'Camille Durand'],
      ['Numéro de carte', '4242 4242 4242 4242'],
      ["Date d'expiration (MM/AA)", '12/30'],
      ['CVC', '123'],
    ];
    for (const [label, value] of cardFields) {
      await tabTo(page, page.getByLabel(label), `the ${label} field`);
      await page.keyboard.type(value);
    }
    await tabTo(page, page.getByRole('button', { name: /^Payer/ }), 'the pay button');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/payment-success\?/);
    await ready(page);

    // The account menu and, on a phone, the side menu: opened with Enter or Space, closed with Escape.
    const account = page.getByRole('banner').getByRole('button', { name: /Camille Durand/ });
    await account.focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('menu')).toBeVisible();
    await expectVisibleFocus(page, 'the first item of the account menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(account).toBeFocused();

    await page.setViewportSize({ width: 360, height: 800 });
    await visit(page, '/courses');
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Ouvrir le menu' });
    await tabTo(page, menuButton, 'the menu button');
    await page.keyboard.press('Enter');
    const drawer = page.locator('.MuiDrawer-paper');
    await expect(drawer).toBeVisible();
    await expect.poll(() => drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page, 'the first control of the side menu');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    // Mobile filters: the dialog opens with Enter, takes the focus and gives it back on Escape.
    const filters = page.getByRole('button', { name: 'Filtres', exact: true });
    await tabTo(page, filters, 'the filters button');
    await page.keyboard.press('Enter');
    const filtersDialog = page.getByRole('dialog');
    await expect(filtersDialog).toBeVisible();
    await expect.poll(() => filtersDialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    const mobileWeekend = filtersDialog.getByRole('switch', { name: 'Week-end uniquement' });
    await tabTo(page, mobileWeekend, 'the weekend filter in the dialog');
    await page.keyboard.press('Space');
    await expect(mobileWeekend).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(filtersDialog).toBeHidden();
    await expect(filters).toBeFocused();
  } finally {
    await context.close();
  }
});

test('the checker reports what it is there to find', async ({ page }) => {
  await page.setContent('<html lang="fr"><body><main><h1>Titre</h1><img src="data:,"><p style="color:#bbb">Pâle</p><button></button>'
    // WCAG 2.2 (2.5.8): two 10 px buttons side by side.
    + '<p><button aria-label="a" style="all:unset;display:inline-block;width:10px;height:10px"></button><button aria-label="b" style="all:unset;display:inline-block;width:10px;height:10px"></button></p>'
    // WCAG 2.5.3 Label in Name: a button showing "SL" whose name does not say it.
    + '<p><button aria-label="Menu du compte de Sophie Laurent">SL</button></p></main></body></html>');
  const report = formatViolations(await axeViolations(page));
  for (const rule of ['image-alt', 'color-contrast', 'button-name', 'target-size', 'label-content-name-mismatch']) expect(report).toContain(`${rule}:`);
});

test('the checks run the project’s axe-core, and a signed-in page’s account menu is named by the initials it shows (WCAG 2.5.3)', async ({ browser, baseURL }) => {
  const names = { fr: 'CD — Menu du compte de Camille Durand', en: 'CD — Account menu of Camille Durand' };
  for (const language of ['fr', 'en'] as const) {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
    try {
      await context.addCookies(learner.storageState.cookies);
      await context.addInitScript((lang) => window.localStorage.setItem('recup-points.language', lang), language);
      const page = await context.newPage();
      await visit(page, '/dashboard');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const account = page.getByRole('banner').getByRole('button', { name: /Camille Durand/ });
      await expect(account).toHaveText('CD');
      await expect(account).toHaveAccessibleName(names[language]);

      const results = await axeResults(page);
      expect(results.testEngine.version, 'the engine that ran is the root package’s axe-core').toBe(AXE_VERSION);
      expect(formatViolations(results.violations.filter((violation) => violation.id === 'label-content-name-mismatch'))).toBe('');
      expect(results.passes.map((rule) => rule.id), `label-content-name-mismatch passes on the dashboard (${language})`).toContain('label-content-name-mismatch');
    } finally {
      await context.close();
    }
  }
});
