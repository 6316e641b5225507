import { describe, expect, it } from 'vitest';
import {
  accountExistsMail, bookingApprovedMail, bookingCancelledMail, bookingConfirmedMail, bookingExpiredMail, bookingMovedMail, courseCancelledMail, mailSafeTitle, paymentRefundedMail, resetPasswordMail,
  verifyEmailMail,
} from './templates';

const SITE = 'https://recup-points.fr';
const PHISHING = 'client, urgent: pay at https://evil.test/pay';
const course = (lang: 'fr' | 'en', title: string) => ({ title: mailSafeTitle(lang, title), dates: 'du vendredi 4 décembre 2026 à 8h00 au samedi 5 décembre 2026 à 17h00' });

/** Every mail we send, with what a stranger may have typed in it: a first name, a course title. */
function everyMail(lang: 'fr' | 'en', firstName: string, title: string) {
  const to = 'victim@example.test';
  return [
    verifyEmailMail(lang, to, firstName, `${SITE}/verify-email?token=t`),
    accountExistsMail(lang, to, `${SITE}/`, `${SITE}/forgot-password`),
    resetPasswordMail(lang, to, firstName, `${SITE}/reset-password?token=t`),
    bookingApprovedMail(lang, to, firstName, course(lang, title), `${SITE}/dashboard`),
    bookingConfirmedMail(lang, to, firstName, course(lang, title), 'RP-ABC', `${SITE}/dashboard`),
    bookingCancelledMail(lang, to, firstName, course(lang, title), 'RP-ABC', 'refunded', `${SITE}/dashboard`),
    paymentRefundedMail(lang, to, firstName, '210,00 €', 'RP-ABC'),
    bookingExpiredMail(lang, to, firstName, course(lang, title), `${SITE}/courses`),
    courseCancelledMail(lang, to, firstName, course(lang, title), 'RP-ABC', true, `${SITE}/courses`),
    courseCancelledMail(lang, to, firstName, course(lang, title), 'RP-ABC', true, `${SITE}/courses`, [
      { title: mailSafeTitle(lang, title), dates: 'du lundi 7 décembre 2026', distanceKm: 3.4, price: '210,00 €', url: `${SITE}/courses/c2?replaces=b1` },
    ]),
    ...(['learner', 'centre', 'admin'] as const).map((by) =>
      bookingMovedMail(lang, to, firstName, { reference: 'RP-ABC', from: course(lang, title), to: course(lang, title), by, money: { kind: 'refund', amount: '20,00 €' } }, `${SITE}/dashboard`)),
  ];
}

describe('every e-mail we send', () => {
  it('never echoes a link or a message that a stranger typed, in its text or its HTML', () => {
    for (const lang of ['fr', 'en'] as const) {
      for (const mail of everyMail(lang, PHISHING, 'Pay now at evil.test/pay')) {
        for (const part of [mail.text, mail.html, mail.subject]) {
          expect(part, `${mail.kind} ${lang}`).not.toMatch(/evil|urgent|pay at/i);
        }
        // The only links are the site's own.
        for (const [, href] of mail.html.matchAll(/href="([^"]*)"/g)) expect(href!.startsWith(SITE), `${mail.kind}: ${href}`).toBe(true);
        for (const url of mail.text.match(/\bhttps?:\/\/\S+/g) ?? []) expect(url.startsWith(SITE), `${mail.kind}: ${url}`).toBe(true);
      }
    }
    expect(verifyEmailMail('fr', 'v@example.test', PHISHING, `${SITE}/v`).text).toMatch(/^Bonjour,\n/);
    expect(verifyEmailMail('en', 'v@example.test', 'Léa', `${SITE}/v`).text).toMatch(/^Hello Léa,\n/);
  });

  it('escapes the HTML of what it quotes, and keeps hidden characters out', () => {
    for (const mail of everyMail('fr', "Zoë O'Brien", 'Aix-en-Provence <b>bold</b>')) {
      expect(mail.html).not.toContain('<b>');
      expect(mail.html).not.toContain("O'Brien");
    }
    expect(mailSafeTitle('en', 'Nice\u202egnp.exe')).toBe('(title withheld)');
    expect(mailSafeTitle('fr', 'Aix-en-Provence')).toBe('Aix-en-Provence');
    expect(mailSafeTitle('fr', 'Saint-Tropez (St. Tropez)')).toBe('Saint-Tropez (St. Tropez)');
  });
});

describe('the e-mail of a course cancelled by its centre', () => {
  it('lists the courses offered instead, each with its distance, dates, price and its own link, in text and HTML', () => {
    const alternatives = [
      { title: 'Arles', dates: 'du lundi 7 décembre 2026 à 8h00 au mardi 8 décembre 2026 à 17h00', distanceKm: 0, price: '210,00 €', url: `${SITE}/courses/c2?replaces=b1` },
      { title: 'Marseille', dates: 'du jeudi 10 décembre 2026 à 8h00 au vendredi 11 décembre 2026 à 17h00', distanceKm: 74.6, price: '230,00 €', url: `${SITE}/courses/c3?replaces=b1` },
    ];
    const mail = courseCancelledMail('fr', 'l@example.test', 'Léa', course('fr', 'Arles'), 'RP-ABC', true, `${SITE}/courses`, alternatives);
    expect(mail.text).toContain('- Arles (à 0 km), du lundi 7 décembre 2026 à 8h00 au mardi 8 décembre 2026 à 17h00, 210,00 € : https://recup-points.fr/courses/c2?replaces=b1');
    expect(mail.text).toContain('Marseille (à 75 km)');
    expect(mail.html).toContain('href="https://recup-points.fr/courses/c3?replaces=b1"');
    expect(courseCancelledMail('en', 'l@example.test', 'Léa', course('en', 'Arles'), 'RP-ABC', false, `${SITE}/courses`).text).toMatch(/You can choose another course near you/);
  });
});

