import { describe, expect, it } from 'vitest';
import {
  accountExistsMail, bookingApprovedMail, bookingCancelledMail, bookingConfirmedMail, bookingExpiredMail, courseCancelledMail, mailSafeTitle, paymentRefundedMail, resetPasswordMail, spotOfferedMail,
  spotOfferExpiredMail, verifyEmailMail,
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
    spotOfferedMail(lang, to, firstName, course(lang, title), 'dimanche 22 novembre 2026 à 10h00', `${SITE}/courses/c1`),
    spotOfferExpiredMail(lang, to, firstName, course(lang, title), `${SITE}/courses/c1`),
  ];
}

describe('the waiting list’s e-mails', () => {
  it('say until when the place is held, in Paris time, and link to the course page to book it', () => {
    const fr = spotOfferedMail('fr', 'lea@example.test', 'Léa', course('fr', 'Arles'), 'dimanche 22 novembre 2026 à 10h00', `${SITE}/courses/c1`);
    expect(fr.subject).toBe("Une place s'est libérée pour vous — Récup'Points");
    expect(fr.text).toContain('Elle vous est réservée jusqu’au dimanche 22 novembre 2026 à 10h00 (heure de Paris).');
    expect(fr.text).toContain(`Réserver ma place : ${SITE}/courses/c1`);
    const en = spotOfferedMail('en', 'lea@example.test', 'Léa', course('en', 'Arles'), 'Sunday, November 22, 2026 at 10:00 AM', `${SITE}/courses/c1`);
    expect(en.text).toContain('It is held for you until Sunday, November 22, 2026 at 10:00 AM (Paris time).');
    expect(en.html).toContain(`href="${SITE}/courses/c1"`);
  });
});

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
