import { describe, expect, it } from 'vitest';
import {
  adminCentreAwaitingApprovalMail, centreApprovalExpiringMail, centreApprovedMail, centreBookingCancelledMail, centreBookingMovedMail, centreLowEnrolmentMail, centreNewBookingMail,
  accountExistsMail, attestationMail, bookingApprovedMail, bookingCancelledMail, bookingConfirmedMail, bookingExpiredMail, bookingMovedMail, bookingNoLongerPayableMail, bookingReminderMail, courseCancelledMail,
  courseFollowUpMail, mailSafeTitle, OUTSIDE_LINKS, paymentRefundedMail, resetPasswordMail, spotOfferedMail, spotOfferExpiredMail, verifyEmailMail, type ConvocationBrief,
} from './templates';

const SITE = 'https://recup-points.fr';
const PHISHING = 'client, urgent: pay at https://evil.test/pay';
const course = (lang: 'fr' | 'en', title: string) => ({ title: mailSafeTitle(lang, title), dates: 'du vendredi 4 décembre 2026 à 8h00 au samedi 5 décembre 2026 à 17h00' });
const brief = (lang: 'fr' | 'en', title: string): ConvocationBrief => ({
  reference: 'RP-ABC', course: course(lang, title), days: ['vendredi 4 décembre 2026 : 8h00 – 12h00 et 13h00 – 17h00', 'samedi 5 décembre 2026 : 8h00 – 12h00 et 13h00 – 17h00'],
  place: '12 boulevard des Lices, 13200 Arles', centre: { name: 'Var Prévention Conduite', approval: 'R1308300021', phone: '04 94 41 22 33', email: 'contact@vpc.test' }, antsNumber: '13-2026-0042',
  moveUntil: 'vendredi 27 novembre 2026 à 23h59', refundUntil: 'mardi 1 décembre 2026 à 8h00',
  links: { convocation: `${SITE}/api/bookings/b1/convocation`, calendar: `${SITE}/api/bookings/b1/calendar.ics`, directions: 'https://www.openstreetmap.org/search?query=12%20boulevard%20des%20Lices', dashboard: `${SITE}/dashboard` },
});
/** Our own pages, or one of the few outside addresses our code builds (directions, the official points site). */
const ours = (url: string) => url.startsWith(SITE) || OUTSIDE_LINKS.some((outside) => url.startsWith(outside));

/** Every mail we send, with what a stranger may have typed in it: a first name, a course title. */
function everyMail(lang: 'fr' | 'en', firstName: string, title: string) {
  const to = 'victim@example.test';
  return [
    verifyEmailMail(lang, to, firstName, `${SITE}/verify-email?token=t`),
    accountExistsMail(lang, to, `${SITE}/`, `${SITE}/forgot-password`),
    resetPasswordMail(lang, to, firstName, `${SITE}/reset-password?token=t`),
    bookingApprovedMail(lang, to, firstName, brief(lang, title)),
    bookingConfirmedMail(lang, to, firstName, brief(lang, title)),
    bookingReminderMail(lang, to, firstName, brief(lang, title), 7),
    courseFollowUpMail(lang, to, firstName, course(lang, title), 'RP-ABC', `${SITE}/dashboard`),
    attestationMail(lang, to, firstName, course(lang, title), 'RP-ABC', `${SITE}/api/bookings/b1/attestation`, `${SITE}/dashboard`, true),
    bookingCancelledMail(lang, to, firstName, course(lang, title), 'RP-ABC', 'refunded', `${SITE}/dashboard`),
    paymentRefundedMail(lang, to, firstName, '210,00 €', 'RP-ABC'),
    bookingExpiredMail(lang, to, firstName, course(lang, title), `${SITE}/courses`),
    courseCancelledMail(lang, to, firstName, course(lang, title), 'RP-ABC', 'refunded', `${SITE}/courses`),
    courseCancelledMail(lang, to, firstName, course(lang, title), 'RP-ABC', 'refunded', `${SITE}/courses`, [
      { title: mailSafeTitle(lang, title), dates: 'du lundi 7 décembre 2026', distanceKm: 3.4, price: '210,00 €', url: `${SITE}/courses/c2?replaces=b1` },
    ]),
    ...(['learner', 'centre', 'admin'] as const).map((by) =>
      bookingMovedMail(lang, to, firstName, { reference: 'RP-ABC', from: course(lang, title), to: course(lang, title), by, money: { kind: 'refund', amount: '20,00 €' } }, `${SITE}/dashboard`, {
        convocation: `${SITE}/api/bookings/b1/convocation`, calendar: `${SITE}/api/bookings/b1/calendar.ics`,
      })),
    bookingNoLongerPayableMail(lang, to, firstName, course(lang, title), 'RP-ABC', `${SITE}/dashboard`),
    spotOfferedMail(lang, to, firstName, course(lang, title), 'dimanche 22 novembre 2026 à 10h00', `${SITE}/courses/c1`),
    spotOfferExpiredMail(lang, to, firstName, course(lang, title), `${SITE}/courses/c1`),
    // The centre's and the administrators' (issue 20 §5, §7): a course title and a centre's name typed by a stranger.
    centreNewBookingMail(lang, to, { reference: 'RP-ABC', course: course(lang, title), confirmed: 3, totalSpots: 12 }, `${SITE}/organization/bookings`, `${SITE}/organization/profile`),
    centreBookingCancelledMail(lang, to, { reference: 'RP-ABC', course: course(lang, title), confirmed: 2, totalSpots: 12 }, `${SITE}/organization/bookings`, `${SITE}/organization/profile`),
    centreBookingMovedMail(lang, to, { reference: 'RP-ABC', from: course(lang, title), to: course(lang, title) }, `${SITE}/organization/bookings`, `${SITE}/organization/profile`),
    centreLowEnrolmentMail(lang, to, { ...course(lang, title), participants: 2, minimum: 6 }, `${SITE}/organization/courses?month=2026-12`, `${SITE}/organization/profile`),
    centreApprovalExpiringMail(lang, to, { day: 'samedi 30 janvier 2027', reference: 'R0500500123' }, `${SITE}/organization/profile`),
    centreApprovedMail(lang, to, `${SITE}/organization`),
    adminCentreAwaitingApprovalMail(lang, to, { name: mailSafeTitle(lang, title), city: 'Gap' }, `${SITE}/admin/organizations?verified=false`),
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
        // The only links are the site's own, and those our code builds to directions and the official points site.
        for (const [, href] of mail.html.matchAll(/href="([^"]*)"/g)) expect(ours(href!), `${mail.kind}: ${href}`).toBe(true);
        for (const url of mail.text.match(/\bhttps?:\/\/\S+/g) ?? []) expect(ours(url), `${mail.kind}: ${url}`).toBe(true);
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
    const mail = courseCancelledMail('fr', 'l@example.test', 'Léa', course('fr', 'Arles'), 'RP-ABC', 'refunded', `${SITE}/courses`, alternatives);
    expect(mail.text).toContain('- Arles (à 0 km), du lundi 7 décembre 2026 à 8h00 au mardi 8 décembre 2026 à 17h00, 210,00 € : https://recup-points.fr/courses/c2?replaces=b1');
    expect(mail.text).toContain('Marseille (à 75 km)');
    expect(mail.html).toContain('href="https://recup-points.fr/courses/c3?replaces=b1"');
    expect(courseCancelledMail('en', 'l@example.test', 'Léa', course('en', 'Arles'), 'RP-ABC', 'notCharged', `${SITE}/courses`).text).toMatch(/You can choose another course near you/);
  });
});

describe('the e-mails of a confirmed booking', () => {
  it('say what the convocation says, and link to it, to the calendar file and to directions', () => {
    const mail = bookingConfirmedMail('fr', 'lea@example.test', 'Léa', brief('fr', 'Arles'));
    for (const words of [
      'Horaires : vendredi 4 décembre 2026 : 8h00 – 12h00 et 13h00 – 17h00 ; samedi 5 décembre 2026 : 8h00 – 12h00 et 13h00 – 17h00.',
      'Lieu : 12 boulevard des Lices, 13200 Arles.',
      'Centre organisateur : Var Prévention Conduite, agrément préfectoral R1308300021, tél. 04 94 41 22 33, contact@vpc.test. Numéro du stage (préfecture) : 13-2026-0042.',
      'À apporter : une pièce d’identité en cours de validité, votre permis de conduire, ou l’avis de suspension ou de rétention si vous ne l’avez plus, cette convocation, la lettre 48N',
      'un retard, une demi-journée manquée ou une absence ne permettent pas de valider le stage',
      'Si le centre annule le stage',
      'Vous pouvez changer de date gratuitement jusqu’au vendredi 27 novembre 2026 à 23h59',
      'l’annulation est remboursée intégralement jusqu’au mardi 1 décembre 2026 à 8h00',
    ]) expect(mail.text).toContain(words);
    expect(mail.text).toContain('Télécharger ma convocation : https://recup-points.fr/api/bookings/b1/convocation');
    expect(mail.text).toContain('Ajouter à mon agenda : https://recup-points.fr/api/bookings/b1/calendar.ics');
    expect(mail.html).toContain('href="https://www.openstreetmap.org/search?query=12%20boulevard%20des%20Lices"');
  });

  it('add in English that the course is held in French and an interpreter may come', () => {
    const mail = bookingApprovedMail('en', 'lea@example.test', 'Lea', brief('en', 'Arles'));
    expect(mail.text).toContain('The course is held in French. If you do not speak French well, you may bring an interpreter.');
    expect(bookingConfirmedMail('fr', 'lea@example.test', 'Léa', brief('fr', 'Arles')).text).not.toMatch(/interprète|interpreter/);
  });

  it('remind of the course a week and a day before', () => {
    expect(bookingReminderMail('fr', 'lea@example.test', 'Léa', brief('fr', 'Arles'), 1).subject).toBe("Votre stage commence demain — Récup'Points");
    expect(bookingReminderMail('en', 'lea@example.test', 'Lea', brief('en', 'Arles'), 7).subject).toBe("Your course starts in 7 days — Récup'Points");
  });

  it('tell, the day after, when the points come and where to check them', () => {
    const mail = courseFollowUpMail('fr', 'lea@example.test', 'Léa', course('fr', 'Arles'), 'RP-ABC', `${SITE}/dashboard`);
    expect(mail.text).toContain('dans un délai d’environ un mois');
    expect(mail.text).toContain('Télépoints');
    expect(mail.text).toContain('https://permisdeconduire.ants.gouv.fr/');
  });
});

describe('the mails of a cancelled booking paid at the centre', () => {
  const paid = course('fr', 'Gap');
  it('say the centre refunds it, never that nothing was charged', () => {
    const cancelled = bookingCancelledMail('fr', 'l@example.test', 'Léa', paid, 'RP-ABC', 'paidAtCentre', `${SITE}/dashboard`);
    expect(cancelled.text).toContain('Vous aviez réglé cette réservation au centre de formation : c’est lui qui vous la rembourse');
    expect(cancelled.text).not.toMatch(/débité/);
    const courseGone = courseCancelledMail('fr', 'l@example.test', 'Léa', paid, 'RP-ABC', 'paidAtCentre', `${SITE}/courses`);
    expect(courseGone.text).toContain('contactez-le pour son remboursement');
    expect(courseGone.text).not.toMatch(/débité/);
    expect(bookingCancelledMail('en', 'l@example.test', 'Léa', paid, 'RP-ABC', 'paidAtCentre', `${SITE}/dashboard`).text).toContain('You paid for this booking at the training centre');
    expect(courseCancelledMail('en', 'l@example.test', 'Léa', paid, 'RP-ABC', 'paidAtCentre', `${SITE}/courses`).text).not.toContain('Nothing was charged');
  });
});

describe('the attestation e-mail (issue 20)', () => {
  const url = `${SITE}/api/bookings/b1/attestation`;
  it('links the attestation, in the learner’s language', () => {
    const fr = attestationMail('fr', 'lea@example.test', 'Léa', course('fr', 'Arles'), 'RP-ABC', url, `${SITE}/dashboard`, false);
    expect(fr.subject).toBe("Votre attestation de stage — Récup'Points");
    expect(fr.text).toContain(url);
    expect(fr.text).toContain('Télécharger mon attestation de stage');
    expect(fr.text).not.toMatch(/48N/);
    const en = attestationMail('en', 'ben@example.test', 'Ben', course('en', 'Arles'), 'RP-ABC', url, `${SITE}/dashboard`, false);
    expect(en.subject).toBe("Your course attestation — Récup'Points");
    expect(en.text).toContain('Download my course attestation');
  });
  it('tells a learner of the 48N case how to claim the fine’s refund', () => {
    const fr = attestationMail('fr', 'lea@example.test', 'Léa', course('fr', 'Arles'), 'RP-ABC', url, `${SITE}/dashboard`, true);
    expect(fr.text).toContain('Remboursement de l’amende (permis probatoire, lettre 48N)');
    expect(fr.text).toContain('relevé d’identité bancaire');
    const en = attestationMail('en', 'ben@example.test', 'Ben', course('en', 'Arles'), 'RP-ABC', url, `${SITE}/dashboard`, true);
    expect(en.text).toContain('Refund of the fine (probationary licence, 48N letter)');
  });
});
