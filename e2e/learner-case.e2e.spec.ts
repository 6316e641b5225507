import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type Browser, type Page } from '@playwright/test';
import { addMonths } from '../shared-events/src/bookings/learner-case';
import { addDays, parisCalendarDay } from '../shared-events/src/calendar/calendar-day';
import { nextLegalCourseStart } from '../shared-events/src/calendar/course-days';
import { parisTime } from '../shared-events/src/calendar/paris';
import { ADMIN, gridLoaded } from './support/admin';
import { settle } from './support/a11y';
import { CENTRE, signIn, WRITE } from './support/centre';
import { askEarlyStartIfOffered } from './support/learner';
import { newLearner, pay, verificationLink } from './support/new-learner';

/**
 * Issue 19, the learner's case: a new learner whose profile lacks the licence details books a course, says at the
 * checkout why they take it (a 48N letter received too long ago: warned that the fine will not be refunded; then a
 * letter in time: told it will be), gives their licence number and place of birth, and pays; the centre then sees
 * the case on its bookings screen, and the administrators on the booking's detail. Each test makes its own course
 * and learner.
 */

const SCREENSHOTS = join('test-results', 'screenshots');
const LANGUAGE_KEY = 'recup-points.language';
type Language = 'fr' | 'en';

const TEXT = {
  fr: {
    step: 'Avant de payer', voluntary: /^Stage volontaire/, probation: /^Stage obligatoire du permis probatoire/, letter: /^Date de réception de la lettre 48N/,
    late: 'Ce stage se termine trop tard pour le remboursement de votre amende', inTime: 'Ce stage se termine dans les 4 mois : votre amende vous sera remboursée',
    continue: 'Continuer vers le paiement',
  },
  en: {
    step: 'Before you pay', voluntary: /^Voluntary course/, probation: /^Mandatory course of a probationary licence/, letter: /^Day you received the 48N letter/,
    late: 'This course ends too late for your fine to be refunded', inTime: 'This course ends within the 4 months: your fine will be refunded',
    continue: 'Continue to payment',
  },
} as const;

/** A day as the date fields of each language are typed: DD/MM/YYYY in French, MM/DD/YYYY in English. */
const typed = (day: string, language: Language) => {
  const [year, month, date] = day.split('-');
  return language === 'fr' ? `${date}/${month}/${year}` : `${month}/${date}/${year}`;
};

/** A learner of this test's own, registered without any licence detail, verified and signed in on the page. */
async function newLearnerWithoutLicence(page: Page, email: string) {
  const registered = await page.request.post('/api/auth/register', {
    ...WRITE,
    data: {
      email, password: 'learner-secret-1', title: 'MRS', firstName: 'Nora', lastName: 'Belkacem', dateOfBirth: null, countryOfBirth: null, placeOfBirth: null,
      address: '4 cours Mirabeau', addressDetails: null, postalCode: '13100', city: 'Aix-en-Provence', country: 'FR', phoneNumber: '0611223344', landlinePhone: null,
      licenseNumber: null, language: 'FR',
    },
  });
  expect(registered.status(), await registered.text()).toBe(202);
  const token = new URL(await verificationLink(page.request, email), 'http://localhost').searchParams.get('token')!;
  expect((await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).ok()).toBe(true);
  expect((await page.request.post('/api/auth/login', { ...WRITE, data: { email, password: 'learner-secret-1' } })).ok()).toBe(true);
}

/** A course of the demo centre in Gap, about six weeks away, published through the API by the centre (each test its own). */
async function publishCourse(browser: Browser, baseURL: string, antsNumber: string) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signIn(page);
    const day = nextLegalCourseStart(addDays(parisCalendarDay(new Date()), 42));
    const response = await page.request.post('/api/courses', {
      ...WRITE,
      data: {
        title: 'Gap', address: '5 rue Carnot', city: 'Gap', postalCode: '05000', department: '05', price: 21_900, totalSpots: 14, antsNumber,
        startDate: parisTime(day, 8 * 60).toISOString(), endDate: parisTime(addDays(day, 1), 17 * 60).toISOString(),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return { ...((await response.json()) as { id: string; endDate: string }), lastDay: addDays(day, 1) };
  } finally {
    await context.close();
  }
}

async function shoot(page: Page, name: string) {
  await settle(page);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

const chooseLanguage = (page: Page, language: Language) => page.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);

test('a learner declares a 48N case (warned when the course would end too late), gives the licence details, pays; the centre sees the case', async ({ page, browser, baseURL }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const course = await publishCourse(browser, baseURL!, 'R0500500819');
  await newLearnerWithoutLicence(page, `e2e-case-${Date.now()}@example.test`);
  // Received 4 months and 10 days before the course's last day: too long ago for the fine to be refunded.
  const oldLetter = addDays(addMonths(course.lastDay, -4), -10);
  // Received 10 days ago: the course ends within the 4 months.
  const recentLetter = addDays(parisCalendarDay(new Date()), -10);

  // Booked without saying why on the course page: the checkout asks it before the card.
  await chooseLanguage(page, 'fr');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/courses/${course.id}`);
  await page.getByLabel("J'accepte les conditions générales").check();
  await askEarlyStartIfOffered(page);
  await page.getByRole('button', { name: 'Réserver' }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
  const bookingId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Avant de payer' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Payer/ })).toHaveCount(0);

  // A 48N letter received too long ago: warned, not refused; then the right day: the fine will be refunded.
  await page.getByRole('radio', { name: TEXT.fr.probation }).check();
  const letter = page.getByRole('textbox', { name: TEXT.fr.letter });
  await letter.fill(typed(oldLetter, 'fr'));
  await expect(page.getByTestId('learner-case-notice')).toContainText(TEXT.fr.late);
  const lastDay = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(course.endDate));
  await expect(page.getByTestId('learner-case-notice')).toContainText(`ce stage se termine le ${lastDay}`);
  await letter.fill(typed(recentLetter, 'fr'));
  await expect(page.getByTestId('learner-case-notice')).toContainText(TEXT.fr.inTime);
  await expect(page.getByTestId('learner-case-notice')).toContainText('fait rembourser l’amende que vous avez payée');

  // The licence details the profile lacks: a number that is none is refused, with what is accepted.
  const licence = page.getByRole('textbox', { name: /^Numéro de permis/ });
  await licence.fill('ABC-12');
  await page.getByRole('button', { name: TEXT.fr.continue }).click();
  await expect(page.getByText(/^Ce numéro n’a pas la forme d’un numéro de permis français/)).toBeVisible();
  await licence.fill('13ab 1234 5678');
  await page.getByRole('textbox', { name: /^Date de naissance/ }).fill('08/03/1995');
  await page.getByRole('textbox', { name: /^Lieu de naissance/ }).fill('Avignon');
  await page.getByRole('combobox', { name: /^Pays de naissance/ }).selectOption('FR');
  await shoot(page, 'learner-case-checkout-filled-fr-1280');
  await page.getByRole('button', { name: TEXT.fr.continue }).click();

  // The card, with the case said beside it.
  const summary = page.getByTestId('learner-case-summary');
  await expect(summary).toContainText('Cas 2 – permis probatoire (48N)');
  await expect(summary.getByTestId('learner-case-notice')).toContainText(TEXT.fr.inTime);
  await shoot(page, 'learner-case-checkout-card-fr-1280');
  await page.getByLabel('Titulaire de la carte').fill('Nora Belkacem');
  await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
  await page.getByLabel("Date d'expiration (MM/AA)").fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Payer/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement réussi : votre place est confirmée' })).toBeVisible();

  // Saved where they belong: the profile (the number as the licence prints it), and the booking.
  const profile = (await (await page.request.get('/api/users/profile')).json()) as Record<string, unknown>;
  expect(profile).toMatchObject({ licenseNumber: '13AB12345678', dateOfBirth: '1995-03-08', placeOfBirth: 'Avignon', countryOfBirth: 'FR' });
  const bookings = (await (await page.request.get('/api/user/bookings')).json()) as Array<{ id: string; status: string; learnerCase: unknown }>;
  expect(bookings.find((b) => b.id === bookingId)).toMatchObject({ status: 'CONFIRMED', learnerCase: { case: 'PROBATION_48N', letterReceivedOn: recentLetter } });

  // The centre sees the case on its bookings screen.
  const centreContext = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  try {
    const centre = await centreContext.newPage();
    await signIn(centre, CENTRE.email, CENTRE.password);
    await centre.setViewportSize({ width: 1280, height: 900 });
    await centre.goto(`/organization/bookings?courseId=${course.id}`);
    await gridLoaded(centre);
    const cell = centre.locator('.MuiDataGrid-row', { hasText: 'Nora Belkacem' }).getByTestId('booking-learner-case');
    await expect(cell).toContainText('Cas 2 – permis probatoire (48N)');
    await expect(cell).toContainText(`lettre 48N reçue le ${typed(recentLetter, 'fr')}`);
  } finally {
    await centreContext.close();
  }
});

test('screens: the course page and the step before the card, at 360 and 1280 px, in French and English', async ({ page, browser, baseURL }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const course = await publishCourse(browser, baseURL!, 'R0500500820');
  await newLearnerWithoutLicence(page, `e2e-case-screens-${Date.now()}@example.test`);
  const oldLetter = addDays(addMonths(course.lastDay, -4), -10);
  for (const language of ['fr', 'en'] as const) {
    await chooseLanguage(page, language);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/courses/${course.id}`);
      await page.getByRole('radio', { name: TEXT[language].probation }).check();
      await page.getByRole('textbox', { name: TEXT[language].letter }).fill(typed(oldLetter, language));
      await expect(page.getByTestId('learner-case-notice')).toContainText(TEXT[language].late);
      await shoot(page, `learner-case-course-page-${language}-${width}`);
    }
  }

  // Booked with no case said: its checkout asks it first.
  const booked = await page.request.post('/api/bookings', { ...WRITE, data: { earlyStartRequested: true, courseId: course.id } });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id } = (await booked.json()) as { id: string };
  for (const language of ['fr', 'en'] as const) {
    await chooseLanguage(page, language);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/checkout/${id}`);
      const step = page.getByRole('region', { name: TEXT[language].step });
      await expect(step).toBeVisible();
      await expect(page.getByRole('button', { name: /^(Payer|Pay)/ })).toHaveCount(0);
      await shoot(page, `learner-case-checkout-step-${language}-${width}`);
      await page.getByRole('button', { name: TEXT[language].continue }).click();
      // Nothing chosen: the focus goes to the question, which says what is missing.
      await expect(page.getByRole('radio', { name: TEXT[language].voluntary })).toBeFocused();
      await page.getByRole('radio', { name: TEXT[language].probation }).check();
      await page.getByRole('textbox', { name: TEXT[language].letter }).fill(typed(oldLetter, language));
      await expect(page.getByTestId('learner-case-notice')).toContainText(TEXT[language].late);
      await shoot(page, `learner-case-checkout-late-${language}-${width}`);
      // The step alone, as a person reads it on the screen.
      await settle(page);
      await step.screenshot({ path: join(SCREENSHOTS, `learner-case-checkout-late-step-${language}-${width}.png`) });
    }
  }
});

test('screens: the centre’s bookings and the administrators’ detail show the case, at 360 and 1280 px, in French and English', async ({ browser, baseURL }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const course = await publishCourse(browser, baseURL!, 'R0500500821');
  // A learner of this test's own books with a 48N letter received 10 days ago and pays, through the API.
  const letterDay = addDays(parisCalendarDay(new Date()), -10);
  const api = await playwrightRequest.newContext({ baseURL });
  let bookingId: string;
  try {
    await newLearner(api, `e2e-case-centre-${Date.now()}@example.test`);
    const booked = await api.post('/api/bookings', { ...WRITE, data: { earlyStartRequested: true, courseId: course.id, learnerCase: 'PROBATION_48N', letterReceivedOn: letterDay } });
    expect(booked.status(), await booked.text()).toBe(201);
    bookingId = ((await booked.json()) as { id: string }).id;
    await pay(api, bookingId);
  } finally {
    await api.dispose();
  }
  const deadline = addMonths(letterDay, 4);

  const centreContext = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  try {
    const centre = await centreContext.newPage();
    await signIn(centre, CENTRE.email, CENTRE.password);
    for (const language of ['fr', 'en'] as const) {
      await chooseLanguage(centre, language);
      for (const width of [1280, 360]) {
        await centre.setViewportSize({ width, height: 900 });
        await centre.goto(`/organization/bookings?courseId=${course.id}`);
        await gridLoaded(centre);
        const row = centre.locator('.MuiDataGrid-row', { hasText: 'Inès Roux' });
        if (width === 1280) await expect(row.getByTestId('booking-learner-case')).toContainText(language === 'fr' ? 'Cas 2 – permis probatoire (48N)' : 'Case 2 – probationary licence (48N)');
        await shoot(centre, `learner-case-centre-bookings-${language}-${width}`);
        await row.getByRole('button', { name: /^(Détails de la réservation|Details of booking)/ }).click();
        const detail = centre.getByTestId('detail-learner-case');
        await expect(detail).toContainText(language === 'fr' ? `lettre 48N reçue le ${typed(letterDay, 'fr')}` : `48N letter received on ${typed(letterDay, 'en')}`);
        await expect(detail).toContainText(language === 'fr' ? `stage à terminer au plus tard le ${typed(deadline, 'fr')}` : `course to be over by ${typed(deadline, 'en')}`);
        await shoot(centre, `learner-case-centre-detail-${language}-${width}`);
      }
    }
  } finally {
    await centreContext.close();
  }

  // The administrators' detail of the booking names it too, and its history tells who declared it.
  const adminContext = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    for (const language of ['fr', 'en'] as const) {
      await chooseLanguage(admin, language);
      for (const width of [1280, 360]) {
        await admin.setViewportSize({ width, height: 900 });
        await admin.goto(`/admin/bookings?booking=${bookingId}`);
        const dialog = admin.getByRole('dialog');
        await expect(dialog).toContainText(language === 'fr' ? 'Raison du stage' : 'Reason for the course');
        await expect(dialog).toContainText(language === 'fr' ? 'Cas 2 – permis probatoire (48N)' : 'Case 2 – probationary licence (48N)');
        await shoot(admin, `learner-case-admin-detail-${language}-${width}`);
        await dialog.getByRole('tab', { name: language === 'fr' ? 'Historique' : 'History' }).click();
        await expect(dialog).toContainText(language === 'fr' ? 'Raison du stage indiquée : cas 2, permis probatoire (lettre 48N)' : 'Reason for the course given: case 2, probationary licence (48N letter)');
        if (width === 1280) await shoot(admin, `learner-case-admin-history-${language}-${width}`);
      }
    }
  } finally {
    await adminContext.close();
  }
});
