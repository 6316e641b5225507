import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEvent, StreamHistoryResponse } from '@recup/command-api/contracts';
import { adminCommonEn } from '../locales/en';
import { adminCommonFr } from '../locales/fr';
import { describeHistory } from './describe-event';

// The history's texts are the shared administration texts of the `admin` namespace (`history`, `status`).
const adminFr = adminCommonFr;
const adminEn = adminCommonEn;

let fr: TFunction<'admin'>;
let en: TFunction<'admin'>;
beforeAll(async () => {
  const i18n = createInstance();
  await i18n.init({ resources: { fr: { admin: adminFr }, en: { admin: adminEn } }, lng: 'fr', ns: ['admin'], interpolation: { escapeValue: false } });
  fr = i18n.getFixedT('fr', 'admin') as TFunction<'admin'>;
  en = i18n.getFixedT('en', 'admin') as TFunction<'admin'>;
});

const learner = { type: 'user' as const, userId: 'u1', role: 'USER' as const };
const admin = { type: 'user' as const, userId: 'a1', role: 'ADMIN' as const };
let position = 0;
function event(id: string, stream: string, type: string, data: unknown, actor: HistoryEvent['actor'], causationId = 'command:x', actorName: string | null = null): HistoryEvent {
  position += 1;
  return { id, stream, revision: 0, position, type, occurredAt: `2026-11-21T09:0${position % 10}:00.000Z`, occurredAtParis: '', recordedAt: '', actor, actorName, correlationId: 'c', causationId, data };
}

/** A booking placed, paid, invoiced, cancelled by an administrator and refunded: the story of a refund. */
const refundStory: StreamHistoryResponse = {
  category: 'booking', id: 'b1', streams: ['booking-b1', 'payment-p1', 'invoiceNumbers-2026'],
  events: [
    event('e1', 'booking-b1', 'BookingPlaced', { bookingId: 'b1', bookingReference: 'RP-ABCD2345', price: 21_900 }, learner, 'command:1', 'Camille Durand'),
    event('e2', 'payment-p1', 'PaymentIntentCreated', { amount: 21_900, provider: 'test', providerIntentId: 'pi_1' }, learner, 'command:2', 'Camille Durand'),
    event('e3', 'payment-p1', 'PaymentSucceeded', { amount: 21_900, cardBrand: 'visa', cardLast4: '4242' }, learner, 'command:3', 'Camille Durand'),
    event('e4', 'booking-b1', 'BookingConfirmed', { by: 'payment', paymentId: 'p1' }, learner, 'e3', 'Camille Durand'),
    event('e5', 'invoiceNumbers-2026', 'InvoiceNumberAssigned', { bookingId: 'b1', number: 'RP-2026-000042' }, learner, 'e4', 'Camille Durand'),
    event('e6', 'booking-b1', 'BookingCancelled', { by: 'admin', refundDue: true }, admin, 'command:4', 'Sophie Laurent'),
    event('e7', 'payment-p1', 'PaymentRefundRequested', { amount: 21_900, reason: 'cancelled by an administrator' }, admin, 'e6', 'Sophie Laurent'),
    event('e8', 'payment-p1', 'PaymentRefunded', { amount: 21_900, providerRefundId: 're_1' }, { type: 'system', name: 'refund-keeper' }, 'e7'),
  ],
};

describe('a history told for an auditor', () => {
  it('tells a refund’s story in order, with who did what and the amounts', () => {
    const items = describeHistory(refundStory, fr, 'fr');
    expect(items.map((i) => i.title.replace(/\s/g, ' '))).toEqual([
      'Réservation RP-ABCD2345 passée pour 219,00 €',
      'Paiement de 219,00 € créé (test, transaction pi_1)',
      'Paiement de 219,00 € réussi',
      'Réservation confirmée par le paiement',
      'Facture RP-2026-000042 émise',
      'Réservation annulée par un administrateur (remboursement dû)',
      'Remboursement de 219,00 € demandé (annulation par un administrateur)',
      'Remboursement de 219,00 € effectué (remboursement re_1)',
    ]);
    expect(items[0]!.who).toBe('Camille Durand (Utilisateur)');
    expect(items[5]!.who).toBe('Sophie Laurent (Administrateur)');
    expect(items[7]!.who).toBe('le système (remboursements automatiques)');
  });

  it('tells a booking the centre confirmed unpaid, then paid at the centre', () => {
    const centre = { type: 'user' as const, userId: 'c1', role: 'ORGANIZATION' as const };
    const story: StreamHistoryResponse = {
      category: 'booking', id: 'b2', streams: ['booking-b2'],
      events: [
        event('p1', 'booking-b2', 'BookingConfirmed', { by: 'centre', approvedBy: 'c1' }, centre, 'command:5', 'Centre'),
        event('p2', 'booking-b2', 'BookingPaidAtCentre', { method: 'CHEQUE', receivedOn: '2026-11-23', amount: 21_900 }, centre, 'command:6', 'Centre'),
      ],
    };
    expect(describeHistory(story, fr, 'fr').map((i) => i.title.replace(/\s/g, ' '))).toEqual([
      'Réservation confirmée par le centre', 'Règlement reçu par le centre : 219,00 € (chèque), le 23/11/2026',
    ]);
    expect(describeHistory(story, en, 'en')[1]!.title.replace(/\s/g, ' ')).toBe('Payment received by the centre: €219.00 (cheque), on 11/23/2026');
  });

  it('tells the reminders before the course and the message after it, sent by the reminder keeper', () => {
    const keeper = { type: 'system' as const, name: 'reminder-keeper' };
    const story: StreamHistoryResponse = {
      category: 'booking', id: 'b3', streams: ['booking-b3'],
      events: [
        event('r1', 'booking-b3', 'BookingReminderSent', { bookingId: 'b3', courseId: 'c1', daysBefore: 7 }, keeper),
        event('r2', 'booking-b3', 'BookingReminderSent', { bookingId: 'b3', courseId: 'c1', daysBefore: 1 }, keeper),
        event('r3', 'booking-b3', 'BookingFollowUpSent', { bookingId: 'b3', courseId: 'c1' }, keeper),
      ],
    };
    expect(describeHistory(story, fr, 'fr').map((i) => i.title)).toEqual([
      'Rappel envoyé au stagiaire, 7 jours avant le stage', 'Rappel envoyé au stagiaire, la veille du stage', 'Message d’après-stage envoyé au stagiaire (crédit des points, où les consulter)',
    ]);
    expect(describeHistory(story, en, 'en')[0]!.title).toBe('Reminder sent to the trainee, 7 days before the course');
    expect(describeHistory(story, fr, 'fr')[0]!.who).toBe('le système (rappels avant et après les stages)');
  });

  it('links each step to the one that caused it, and names the credit note of the refund', () => {
    const items = describeHistory(refundStory, en, 'en');
    expect(items[6]!.causedBy).toEqual({ id: 'e6', title: 'Booking cancelled by an administrator (refund due)' });
    expect(items[7]!.causedBy?.id).toBe('e7');
    expect(items[7]!.details).toEqual(['Credit note AV-RP-2026-000042 issued: it cancels invoice RP-2026-000042']);
    expect(items[2]!.details).toEqual(['VISA card •••• 4242']);
    expect(items[0]!.causedBy).toBeNull();
  });

  it('lists what a profile update changed, compared with what the stream said before', () => {
    const history: StreamHistoryResponse = {
      category: 'user', id: 'u1', streams: ['user-u1'],
      events: [
        event('r', 'user-u1', 'UserRegistered', { userId: 'u1', email: 'lea@x.test', role: 'USER', firstName: 'Léa', lastName: 'Martin', title: 'MRS', city: null, passwordHash: '[redacted]' }, { type: 'system', name: 'public-account-flow' }),
        event('u', 'user-u1', 'UserProfileUpdated', { userId: 'u1', firstName: 'Léa', lastName: 'Moreau', title: 'MRS', city: 'Toulon' }, learner, 'command:9', 'Léa Martin'),
        event('x', 'user-u1', 'UserRoleChanged', { role: 'ORGANIZATION', previousRole: 'USER' }, admin, 'command:10', 'Sophie Laurent'),
        event('y', 'user-u1', 'SomethingNew', {}, admin),
      ],
    };
    const items = describeHistory(history, en, 'en');
    expect(items[0]!.title).toBe('User account created for lea@x.test');
    expect(items[0]!.who).toBe('the system (sign-up and e-mail links)');
    expect(items[1]).toMatchObject({ title: 'Profile updated', details: ['Last name: Martin → Moreau', 'City: (empty) → Toulon'] });
    expect(items[2]!.title).toBe('Role changed: User → Organization');
    expect(items[3]!.title).toBe('Event SomethingNew');
    expect(items[3]!.who).toBe('account a1 (Administrator)');
  });

  it('tells a centre’s change of identity: asked for (from the values in force), approved, then withdrawn verification', () => {
    const centre = { type: 'user' as const, userId: 'c1', role: 'ORGANIZATION' as const };
    const identity = { name: 'Var Route Avenir', address: '3 avenue de la Victoire', city: 'Hyères', postalCode: '83400', prefectApprovalReference: 'R1308300100' };
    const history: StreamHistoryResponse = {
      category: 'organization', id: 'o1', streams: ['organization-o1'],
      events: [
        event('r', 'organization-o1', 'OrganizationRegistered', { organizationId: 'o1', ...identity, email: 'c@x.test' }, admin),
        event('q', 'organization-o1', 'OrganizationIdentityChangeRequested', { organizationId: 'o1', ...identity, name: 'Var Route Horizon', requestId: 'q1', requestedAt: '2026-11-21T09:00:00.000Z' }, centre),
        event('a', 'organization-o1', 'OrganizationIdentityChangeApproved', { organizationId: 'o1', ...identity, name: 'Var Route Horizon', requestId: 'q1', approvedAt: '2026-11-21T10:00:00.000Z' }, admin),
        event('q2', 'organization-o1', 'OrganizationIdentityChangeRequested', { organizationId: 'o1', ...identity, name: 'Var Route Horizon', city: 'Toulon', requestId: 'q2', requestedAt: '2026-11-21T11:00:00.000Z' }, centre),
        event('j', 'organization-o1', 'OrganizationIdentityChangeRejected', { organizationId: 'o1', requestId: 'q2', rejectedAt: '2026-11-21T12:00:00.000Z' }, admin),
        event('u', 'organization-o1', 'OrganizationUnverified', { organizationId: 'o1', unverifiedAt: '2026-11-21T13:00:00.000Z' }, admin),
      ],
    };
    const items = describeHistory(history, fr, 'fr');
    expect(items[1]).toMatchObject({ title: 'Modification du nom, de l’adresse ou de l’agrément demandée par le centre', details: ['Nom : Var Route Avenir → Var Route Horizon'] });
    expect(items[2]).toMatchObject({ title: 'Modification du centre approuvée', details: ['Nom : Var Route Avenir → Var Route Horizon'] });
    // Approved, the new name is the one the next request starts from.
    expect(items[3]!.details).toEqual(['Ville : Hyères → Toulon']);
    expect(items[4]).toMatchObject({ title: 'Modification du centre refusée : ses informations restent inchangées', details: [] });
    expect(items[5]!.title).toBe('Vérification du centre retirée : ses stages ne sont plus proposés au public ni réservables');
  });

  it('tells the learner’s case as declared, with the 48N letter’s day, in either language', () => {
    const history: StreamHistoryResponse = {
      category: 'booking', id: 'b1', streams: ['booking-b1'],
      events: [
        event('c1', 'booking-b1', 'BookingCaseDeclared', { bookingId: 'b1', learnerCase: 'VOLUNTARY', letterReceivedOn: null, declaredBy: 'u1', declaredAt: '2026-11-21T09:00:00.000Z' }, learner, 'command:20', 'Camille Durand'),
        event('c2', 'booking-b1', 'BookingCaseDeclared', { bookingId: 'b1', learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-10-02', declaredBy: 'u1', declaredAt: '2026-11-21T09:05:00.000Z' }, learner, 'command:21', 'Camille Durand'),
      ],
    };
    const items = describeHistory(history, fr, 'fr');
    expect(items[0]).toMatchObject({ title: 'Raison du stage indiquée : cas 1, stage volontaire', details: [], who: expect.stringContaining('Camille Durand') });
    expect(items[1]).toMatchObject({ title: 'Raison du stage indiquée : cas 2, permis probatoire (lettre 48N)', details: ['Lettre 48N reçue le 02/10/2026'] });
    expect(describeHistory(history, en, 'en')[1]).toMatchObject({ title: 'Reason for the course given: case 2, probationary licence (48N letter)', details: ['48N letter received on 10/02/2026'] });
  });

  it('tells a course’s waiting list: who joined, the place offered and until when, taken or ended, and why each left', () => {
    const keeper = { type: 'system' as const, name: 'waitlist-keeper' };
    const history: StreamHistoryResponse = {
      category: 'course', id: 'c1', streams: ['course-c1'],
      events: [
        event('w1', 'course-c1', 'WaitingListJoined', { courseId: 'c1', userId: 'u1', joinedAt: '2026-11-21T09:00:00.000Z' }, learner),
        event('o1', 'course-c1', 'SpotOffered', { courseId: 'c1', offerId: 'x', userId: 'u1', offeredAt: '2026-11-22T09:00:00.000Z', expiresAt: '2026-11-23T09:00:00.000Z' }, keeper, 'w1'),
        event('x1', 'course-c1', 'SpotOfferExpired', { courseId: 'c1', offerId: 'x', userId: 'u1' }, keeper, 'o1'),
        event('l1', 'course-c1', 'WaitingListLeft', { courseId: 'c1', userId: 'u1', reason: 'offerExpired' }, keeper, 'x1'),
        event('t1', 'course-c1', 'SpotOfferTaken', { courseId: 'c1', offerId: 'y', userId: 'u2', bookingId: 'b9' }, learner),
      ],
    };
    const items = describeHistory(history, fr, 'fr');
    expect(items.map((item) => item.title)).toEqual([
      'Inscription sur la liste d’attente (utilisateur u1)',
      expect.stringMatching(/^Place proposée et réservée jusqu’au 23\/11\/2026 10:00 \(utilisateur u1\)$/),
      'Offre de place expirée (utilisateur u1)',
      'Départ de la liste d’attente (utilisateur u1 : offre non saisie à temps)',
      'Place proposée réservée (réservation b9)',
    ]);
    expect(items[1]!.who).toBe('le système (listes d’attente)');
    expect(describeHistory(history, en, 'en')[3]!.title).toBe('Left the waiting list (user u1: offer not taken in time)');
  });
});
