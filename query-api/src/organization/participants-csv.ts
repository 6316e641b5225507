import type { Lang } from '@recup/infra/http/language';
import type { BookingDocument } from '@recup/projector/bookings/booking-document';
import type { PaymentDocument } from '@recup/projector/payments/payment-document';
import type { UserDocument } from '@recup/projector/users/user-document';
import type { BookingStatus } from '../contracts';
import { learnerCaseLabel } from '../bookings/learner-case-text';
import { csvDocument } from '../csv/csv';
import { isDueAtCentre } from './centre-money';

export interface Participant {
  booking: BookingDocument;
  status: BookingStatus;
  user: UserDocument;
  payment: PaymentDocument | null;
}

const TEXT = {
  fr: {
    header: ['Référence', 'Nom', 'Prénom', 'E-mail', 'Téléphone', 'N° de permis', 'Date de naissance', 'Lieu de naissance', 'Statut', 'Paiement', 'Montant (€)', 'Réservé le', 'Cas du stagiaire'],
    status: { PENDING: 'En attente', CONFIRMED: 'Confirmée', COMPLETED: 'Terminée', CANCELLED: 'Annulée' },
    payment: { SUCCEEDED: 'Payé', PENDING: 'En attente', REFUNDED: 'Remboursé', FAILED: 'Échoué' },
    dueAtCentre: 'À régler au centre',
    paidAtCentre: 'Réglé au centre',
    method: { CASH: 'espèces', CHEQUE: 'chèque', TRANSFER: 'virement' },
    none: 'Aucun',
  },
  en: {
    header: ['Reference', 'Last name', 'First name', 'Email', 'Phone', 'Licence number', 'Date of birth', 'Place of birth', 'Status', 'Payment', 'Amount (€)', 'Booked on', 'Trainee’s case'],
    status: { PENDING: 'Pending', CONFIRMED: 'Confirmed', COMPLETED: 'Completed', CANCELLED: 'Cancelled' },
    payment: { SUCCEEDED: 'Paid', PENDING: 'Pending', REFUNDED: 'Refunded', FAILED: 'Failed' },
    dueAtCentre: 'To be paid at the centre',
    paidAtCentre: 'Paid at the centre',
    method: { CASH: 'cash', CHEQUE: 'cheque', TRANSFER: 'bank transfer' },
    none: 'None',
  },
} as const;

const locale = (lang: Lang) => (lang === 'fr' ? 'fr-FR' : 'en-GB');

/** dd/MM/yyyy HH:mm in Paris, as the spec's tables show dates. */
function dateTime(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(locale(lang), { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Paris' })
    .format(new Date(iso)).replace(',', '');
}

/** How the booking is paid: online (or refunded), at the centre (how, on which day), still due at the centre, or not at all. */
function paymentLabel({ booking, status, payment }: Participant, lang: Lang): string {
  const t = TEXT[lang];
  if (booking.paidAtCentre) return `${t.paidAtCentre} (${t.method[booking.paidAtCentre.method]}, ${birthDate(booking.paidAtCentre.receivedOn)})`;
  if (payment && (payment.status === 'SUCCEEDED' || payment.status === 'REFUNDED')) return t.payment[payment.status];
  if (isDueAtCentre(booking, payment, status)) return t.dueAtCentre;
  return payment ? t.payment[payment.status] : t.none;
}

function birthDate(day: string | null): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/**
 * `participants.csv`: the people booked on one course, by last name, in the caller's language. Semicolons
 * between fields and a decimal comma in French: a spreadsheet set up for France opens it in columns, with
 * its accents (UTF-8 with BOM). Each learner's case of the law comes last, numbered as centres number it, so that
 * the columns before it keep their place in the spreadsheets already built on them.
 */
export function participantsCsv(participants: readonly Participant[], lang: Lang): string {
  const t = TEXT[lang];
  const amount = (cents: number) => new Intl.NumberFormat(locale(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(cents / 100);
  const sorted = [...participants].sort((a, b) => a.user.lastName.localeCompare(b.user.lastName, 'fr') || a.user.firstName.localeCompare(b.user.firstName, 'fr'));
  const rows = sorted.map((participant) => {
    const { booking, status, user } = participant;
    return [
      booking.bookingReference, user.lastName, user.firstName, user.email, user.phoneNumber ?? '', user.licenseNumber ?? '', birthDate(user.dateOfBirth), user.placeOfBirth ?? '',
      t.status[status], paymentLabel(participant, lang), amount(booking.price), dateTime(booking.createdAt, lang),
      learnerCaseLabel(booking.learnerCase ?? null, lang),
    ];
  });
  return csvDocument(t.header, rows, ';');
}
