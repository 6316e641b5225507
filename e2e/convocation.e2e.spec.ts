import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { addDays, parisCalendarDay } from '../shared-events/src/calendar/calendar-day';
import { nextLegalCourseStart } from '../shared-events/src/calendar/course-days';
import { parisTime } from '../shared-events/src/calendar/paris';
import { pdfText } from '../query-api/src/testing/pdf-text';
import { calendarProperty, parseCalendar, unescapeText } from '../query-api/src/testing/ics-reader';
import { axeViolations, formatViolations, settle } from './support/a11y';
import { gridLoaded } from './support/admin';
import { signIn, WRITE } from './support/centre';
import { bookAndPay, newLearner } from './support/new-learner';

/**
 * Issue 19, the convocation and the calendar: a learner who booked and paid downloads the convocation (a PDF that
 * names the course's town and the booking's reference) and the calendar file (the two days) from the dashboard,
 * next to directions to the place; the centre downloads the same convocation from its bookings screen. The card
 * is photographed at 360 and 1280 px in French and English, and the PDF drawn as pictures, for a person to look at.
 */

const SCREENSHOTS = join('test-results', 'screenshots');
const LANGUAGE_KEY = 'recup-points.language';

/** The text of a PDF as its reader sees it (the project's reader of our PDFs), lines joined. */
const textOf = (pdf: Buffer) => pdfText(pdf).flat().join(' ').replace(/\s+/g, ' ');

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; content: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { download, content: readFileSync(path) };
}

/** The PDF's pages as PNG pictures, when poppler's pdftoppm is on this machine (Debian's poppler-utils). */
function drawPages(pdf: Buffer, name: string) {
  const file = join(SCREENSHOTS, `${name}.pdf`);
  writeFileSync(file, pdf);
  if (spawnSync('pdftoppm', ['-v']).error) return;
  spawnSync('pdftoppm', ['-png', '-r', '60', file, join(SCREENSHOTS, name)]);
}

test.beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

test('a learner takes the convocation and the calendar file from the dashboard; the centre downloads the same convocation', async ({ browser, baseURL }) => {
  // The centre publishes a course of its own, in Sisteron, some weeks away.
  const centreContext = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const centrePage = await centreContext.newPage();
  await signIn(centrePage);
  const day = nextLegalCourseStart(addDays(parisCalendarDay(new Date()), 40));
  const published = await centrePage.request.post('/api/courses', {
    ...WRITE,
    data: {
      title: 'Sisteron', address: 'Salle du Tivoli, 2 place du Tivoli', city: 'Sisteron', postalCode: '04200', department: '04', price: 21_500, totalSpots: 12, antsNumber: 'R0400400919',
      startDate: parisTime(day, 8 * 60).toISOString(), endDate: parisTime(addDays(day, 1), 17 * 60).toISOString(),
    },
  });
  expect(published.status(), await published.text()).toBe(201);
  const course = (await published.json()) as { id: string };

  // A learner of this test's own books it and pays.
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
  try {
    await newLearner(context.request, `convocation-${Date.now()}@example.test`);
    const bookingId = await bookAndPay(context.request, course.id);
    const bookings = (await (await context.request.get('/api/user/bookings')).json()) as Array<{ id: string; bookingReference: string }>;
    const reference = bookings.find((b) => b.id === bookingId)!.bookingReference;

    const page = await context.newPage();
    await page.goto('/dashboard');
    const card = page.getByTestId('booking-card').filter({ hasText: reference });
    await expect(card).toBeVisible();
    const documents = card.getByTestId('booking-documents');

    // The convocation: a PDF naming the course's town and the booking's reference.
    const convocation = await downloaded(page, () => documents.getByRole('link', { name: 'Convocation' }).click());
    expect(convocation.download.suggestedFilename()).toBe(`convocation-${reference}.pdf`);
    expect(convocation.content.subarray(0, 5).toString()).toBe('%PDF-');
    const text = textOf(convocation.content);
    expect(text).toContain(`Réservation ${reference}`);
    expect(text).toContain('04200 Sisteron');
    expect(text).toContain('Mme Inès ROUX');
    expect(text).toContain('N° du stage (préfecture, ANTS) : R0400400919');
    drawPages(convocation.content, 'convocation-fr');

    // The calendar file: its two days, at the course's address.
    const calendar = await downloaded(page, () => documents.getByRole('link', { name: 'Ajouter à mon agenda' }).click());
    expect(calendar.download.suggestedFilename()).toBe(`stage-${reference}.ics`);
    const events = parseCalendar(calendar.content.toString('utf8')).components.filter((c) => c.name === 'VEVENT');
    expect(events.map((e) => calendarProperty(e, 'DTSTART')!.value)).toEqual([`${day.replaceAll('-', '')}T080000`, `${addDays(day, 1).replaceAll('-', '')}T080000`]);
    expect(events.map((e) => calendarProperty(e, 'DTEND')!.value)).toEqual([`${day.replaceAll('-', '')}T170000`, `${addDays(day, 1).replaceAll('-', '')}T170000`]);
    expect(unescapeText(calendarProperty(events[0]!, 'LOCATION')!.value)).toBe('Salle du Tivoli, 2 place du Tivoli, 04200 Sisteron');

    // Directions to the place, beside them.
    await expect(documents.getByRole('link', { name: /^Itinéraire/ })).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/search\?query=Salle%20du%20Tivoli/);

    // The card as the learner sees it, on a phone and a desktop, in French and English.
    for (const language of ['fr', 'en'] as const) {
      await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/dashboard');
        await expect(card.getByTestId('booking-documents')).toBeVisible();
        await expect(card.getByRole('link', { name: language === 'fr' ? 'Ajouter à mon agenda' : 'Add to my calendar' })).toBeVisible();
        await settle(page);
        await card.screenshot({ path: join(SCREENSHOTS, `convocation-card-${language}-${width}.png`) });
        // The card's new links pass axe's WCAG 2.2 A/AA rules here too (the learner pages' walk covers the dashboard).
        expect(formatViolations(await axeViolations(page)), `dashboard (${language}, ${width} px)`).toBe('');
      }
    }
    // In English, the convocation is in English.
    const english = await downloaded(page, () => card.getByRole('link', { name: 'Convocation' }).click());
    expect(textOf(english.content)).toContain('The course is held in French. If you do not speak French well, you may bring an interpreter.');
    drawPages(english.content, 'convocation-en');

    // The centre downloads the same convocation from its bookings screen, in the learner's language.
    await centrePage.goto(`/organization/bookings?courseId=${course.id}`);
    await gridLoaded(centrePage);
    const row = centrePage.locator('.MuiDataGrid-row', { hasText: 'Inès Roux' });
    const fromCentre = await downloaded(centrePage, () => row.getByRole('button', { name: `Télécharger la convocation de la réservation ${reference}` }).click());
    expect(fromCentre.download.suggestedFilename()).toBe(`convocation-${reference}.pdf`);
    const centreText = textOf(fromCentre.content);
    expect(centreText).toContain(`Réservation ${reference}`);
    expect(centreText).toContain('04200 Sisteron');

    // The same from the booking's details; the screen at both widths, in both languages.
    for (const language of ['fr', 'en'] as const) {
      await centrePage.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);
      for (const width of [360, 1280]) {
        await centrePage.setViewportSize({ width, height: 900 });
        await centrePage.goto(`/organization/bookings?courseId=${course.id}`);
        await gridLoaded(centrePage);
        await settle(centrePage);
        await centrePage.screenshot({ path: join(SCREENSHOTS, `convocation-centre-bookings-${language}-${width}.png`), fullPage: true });
        await row.getByRole('button', { name: language === 'fr' ? `Détails de la réservation ${reference}` : `Details of booking ${reference}` }).click();
        const dialog = centrePage.getByRole('dialog');
        const button = dialog.getByRole('button', { name: language === 'fr' ? 'Télécharger la convocation' : 'Download the convocation' });
        await expect(button).toBeVisible();
        await settle(centrePage);
        await centrePage.screenshot({ path: join(SCREENSHOTS, `convocation-centre-detail-${language}-${width}.png`) });
        if (language === 'en' && width === 1280) {
          const fromDetails = await downloaded(centrePage, () => button.click());
          expect(textOf(fromDetails.content)).toContain(`Réservation ${reference}`);
        }
        await dialog.getByRole('button', { name: language === 'fr' ? 'Fermer' : 'Close' }).click();
      }
    }
  } finally {
    await context.close();
    await centreContext.close();
  }
});
