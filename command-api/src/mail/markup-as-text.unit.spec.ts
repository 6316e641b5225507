import { describe, expect, it } from 'vitest';
import { bookingConfirmedMail, centreIdentityApprovedMail, centreVerificationWithdrawnMail } from './templates';

describe('e-mails and text that looks like markup', () => {
  it('mail a course title that looks like HTML as text, never as markup', () => {
    const mail = bookingConfirmedMail('fr', 'lea@example.test', 'Léa', {
      reference: 'RP-ABCD2345', course: { title: 'Renamed Centre <b>x</b>', dates: 'du vendredi 4 décembre 2026 à 8h00 au samedi 5 décembre 2026 à 17h00' }, days: [], place: null,
      centre: { name: null, approval: null, phone: null, email: null }, antsNumber: null, moveUntil: null, refundUntil: null,
      links: { convocation: 'https://recup-points.fr/api/bookings/b/convocation', calendar: 'https://recup-points.fr/api/bookings/b/calendar.ics', directions: null, dashboard: 'https://recup-points.fr/dashboard' },
    });
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('Renamed Centre &#60;b&#62;x&#60;/b&#62;');
    expect(mail.text).toContain('Renamed Centre <b>x</b>');
  });

  it('tell a centre about its verification and its identity without echoing anything typed into its profile', () => {
    for (const mail of [centreVerificationWithdrawnMail('en', 'c@example.test', 'https://recup-points.fr/organization'), centreIdentityApprovedMail('fr', 'c@example.test', 'https://recup-points.fr/organization/profile')]) {
      expect(mail.html).not.toMatch(/<b>|javascript:/);
      // The only link is the site's own.
      expect([...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => new URL(m[1]!).origin)).toEqual(['https://recup-points.fr']);
    }
  });
});
