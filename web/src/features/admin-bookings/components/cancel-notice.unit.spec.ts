import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingDto, AdminPaymentSummaryDto } from '@recup/query-api/contracts/admin';
import { adminCommonEn } from '../../../components/admin/locales/en';
import { adminCommonFr } from '../../../components/admin/locales/fr';
import { adminBookingsEn } from '../locales/en';
import { adminBookingsFr } from '../locales/fr';
import { cancellationNotice } from './cancel-notice';

// The `admin` namespace as the admin area assembles it: the shared administration texts, this feature's under `bookings`.
const adminFr = { ...adminCommonFr, bookings: adminBookingsFr };
const adminEn = { ...adminCommonEn, bookings: adminBookingsEn };

let fr: TFunction<'admin'>;
let en: TFunction<'admin'>;
beforeAll(async () => {
  const i18n = createInstance();
  await i18n.init({ resources: { fr: { admin: adminFr }, en: { admin: adminEn } }, lng: 'fr', ns: ['admin'], interpolation: { escapeValue: false } });
  fr = i18n.getFixedT('fr', 'admin') as TFunction<'admin'>;
  en = i18n.getFixedT('en', 'admin') as TFunction<'admin'>;
});

const payment = (status: AdminPaymentSummaryDto['status'], refundedAt: string | null = null): AdminPaymentSummaryDto => ({
  id: 'p1', bookingId: 'b1', amount: 21_000, currency: 'EUR', status, stripePaymentIntentId: 'pi_1', provider: 'test', createdAt: '2026-11-20T09:00:00.000Z',
  succeededAt: '2026-11-20T09:01:00.000Z', refundedAt, refundPending: false, card: null, lastError: null,
});
const booking = (overrides: Partial<AdminBookingDto>): AdminBookingDto => ({
  reference: 'RP-ABCD2345', price: 21_000, user: { firstName: 'Léa', lastName: 'Moreau' }, payment: null, confirmedBy: 'payment', status: 'CONFIRMED', ...overrides,
}) as AdminBookingDto;

describe('what an administrator reads before cancelling a booking', () => {
  it('says when a booking was already refunded, in the history’s words, never that it was not paid', () => {
    const refunded = booking({ payment: payment('REFUNDED', '2026-11-25T10:00:00.000Z') });
    const french = cancellationNotice(refunded, fr, 'fr');
    expect(french.body).toBe('La réservation RP-ABCD2345 de Léa Moreau sera annulée et sa place libérée. Déjà remboursée le mercredi 25 novembre 2026 : rien de plus n’est à rembourser.');
    expect(french.body).not.toContain('pas été payée');
    expect(french.done({ refund: 'REFUNDED' })).toBe('Réservation annulée. Elle avait déjà été remboursée le mercredi 25 novembre 2026.');
    expect(cancellationNotice(refunded, en, 'en').body).toBe('Booking RP-ABCD2345 of Léa Moreau will be cancelled and its spot released. Already refunded on Wednesday, November 25, 2026: there is nothing more to refund.');
  });

  it('says a paid booking is refunded, whoever confirmed it', () => {
    for (const confirmedBy of ['payment', 'centre'] as const) {
      const notice = cancellationNotice(booking({ confirmedBy, payment: payment('SUCCEEDED') }), fr, 'fr');
      expect(notice.body).toContain('Le remboursement de 210,00');
      expect(notice.done({ refund: 'REFUNDED' })).toMatch(/^Réservation annulée : 210,00\s€ remboursés\.$/);
    }
  });

  it('says a booking paid at the centre was paid there, and that the centre, not the platform, refunds it', () => {
    const paidAtCentre = booking({ confirmedBy: 'centre', payment: null, paidAtCentre: { method: 'CASH', receivedOn: '2026-11-21', amount: 21_000 } });
    const notice = cancellationNotice(paidAtCentre, fr, 'fr');
    expect(notice.body).toBe('La réservation RP-ABCD2345 de Léa Moreau sera annulée et sa place libérée. Elle a été réglée au centre (espèces, le samedi 21 novembre 2026) : rien n’est remboursé en ligne, le centre rembourse le stagiaire s’il y a lieu.');
    expect(notice.body).not.toContain('pas été payée');
    expect(notice.done({ refund: 'NONE' })).toBeUndefined();
    expect(cancellationNotice(paidAtCentre, en, 'en').body).toContain('It was paid at the centre (cash, on Saturday, November 21, 2026): nothing is refunded online');
  });

  it('says a booking paid at the centre was paid there, even when an online payment that came afterwards was refunded', () => {
    const late = booking({ confirmedBy: 'centre', payment: payment('REFUNDED', '2026-11-25T10:00:00.000Z'), paidAtCentre: { method: 'CASH', receivedOn: '2026-11-21', amount: 21_000 } });
    const notice = cancellationNotice(late, fr, 'fr');
    expect(notice.body).toBe('La réservation RP-ABCD2345 de Léa Moreau sera annulée et sa place libérée. Elle a été réglée au centre (espèces, le samedi 21 novembre 2026) ; son paiement en ligne, arrivé ensuite, a déjà été remboursé le mercredi 25 novembre 2026. Rien de plus n’est remboursé en ligne : le centre rembourse le stagiaire s’il y a lieu.');
    expect(notice.done({ refund: 'NONE' })).toBeUndefined();
    expect(cancellationNotice(late, en, 'en').body).toContain('its online payment, which came afterwards, was already refunded on Wednesday, November 25, 2026.');
  });

  it('says nothing is refunded for a booking not paid online', () => {
    const notice = cancellationNotice(booking({ confirmedBy: 'centre', payment: null }), fr, 'fr');
    expect(notice.body).toContain('Elle n’a pas été payée en ligne : rien n’est à rembourser.');
    expect(notice.done({ refund: 'NONE' })).toBeUndefined();
  });
});
