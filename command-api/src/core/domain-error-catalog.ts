import { HttpProblem } from '@recup/infra/http/problem';
import type { LocalizedText } from '@recup/infra/http/language';
import { DomainError } from './domain-error';

type Entry = { status: number; text: (params: Record<string, string | number>) => LocalizedText; field?: string };

const fixed = (fr: string, en: string) => () => ({ fr, en });

/** Every broken rule's HTTP status and message, in French and English. */
const CATALOG: Record<string, Entry> = {
  COURSE_NOT_FOUND: { status: 404, text: fixed('Stage introuvable.', 'Course not found.') },
  COURSE_ALREADY_EXISTS: { status: 409, text: fixed('Ce stage existe déjà.', 'This course already exists.') },
  COURSE_CANCELLED: { status: 409, text: fixed('Ce stage a été annulé : il ne peut plus être réservé.', 'This course has been cancelled: it can no longer be booked.') },
  COURSE_ALREADY_STARTED: { status: 409, text: fixed('Ce stage a déjà commencé ou est terminé : il ne peut plus être réservé.', 'This course has already started or ended: it can no longer be booked.') },
  NO_SPOTS_LEFT: { status: 409, text: fixed('Il ne reste plus de place pour ce stage.', 'No spots left: this course is full.') },
  ALREADY_BOOKED: {
    status: 409,
    text: fixed('Vous avez déjà une réservation pour ce stage.', 'This learner already has a booking for this course.'),
  },
  ORGANIZATION_NOT_VERIFIED: { status: 409, text: fixed('Seul un centre vérifié peut publier des stages.', 'Only a verified training centre can publish courses.') },
  INVALID_COURSE_SCHEDULE: {
    status: 400,
    field: 'startDate',
    text: (p) =>
      p.reason === 'END_BEFORE_START'
        ? { fr: 'La date de fin doit être postérieure à la date de début.', en: 'The end date must come after the start date.' }
        : { fr: 'La date de début doit être dans le futur.', en: 'The start date must be in the future.' },
  },
  BOOKING_NOT_FOUND: { status: 404, text: fixed('Réservation introuvable.', 'Booking not found.') },
  BOOKING_ALREADY_EXISTS: { status: 409, text: fixed('Cette réservation existe déjà.', 'This booking already exists.') },
  BOOKING_NOT_PENDING: {
    status: 409,
    text: (p) =>
      p.status === 'CONFIRMED'
        ? { fr: 'Cette réservation est déjà payée et confirmée.', en: 'This booking is already paid and confirmed.' }
        : { fr: 'Cette réservation n’est plus en attente de paiement.', en: 'This booking no longer awaits payment.' },
  },
  BOOKING_HOLD_EXPIRED: {
    status: 409,
    text: fixed('Le délai de paiement de cette réservation est dépassé et la place a été libérée. Réservez à nouveau pour payer.', 'The time to pay for this booking has run out and the spot was released. Please book again to pay.'),
  },
  BOOKING_HOLD_NOT_ELAPSED: { status: 409, text: fixed('Cette réservation est encore dans son délai de paiement.', 'This booking is still within its time to pay.') },
  BOOKING_NOT_CANCELLABLE: { status: 409, text: fixed('Seule une réservation confirmée peut être annulée.', 'Only a confirmed booking can be cancelled.') },
  CANCELLATION_TOO_LATE: { status: 409, text: fixed('Ce stage a déjà commencé : la réservation ne peut plus être annulée.', 'This course has already started: the booking can no longer be cancelled.') },
  COURSE_NOT_ENDED: { status: 409, text: fixed('Ce stage n’est pas encore terminé.', 'This course has not ended yet.') },
  PAYMENT_NOT_FOUND: { status: 404, text: fixed('Paiement introuvable.', 'Payment not found.') },
  PAYMENT_ALREADY_EXISTS: { status: 409, text: fixed('Un paiement existe déjà pour cette tentative.', 'A payment already exists for this attempt.') },
  PAYMENT_AMOUNT_MISMATCH: { status: 409, text: fixed('Le montant du paiement ne correspond pas au prix de la réservation.', 'The payment amount does not match the booking price.') },
  PAYMENT_INTENT_MISMATCH: { status: 409, text: fixed('Ce paiement ne correspond pas à cette réservation.', 'This payment does not belong to this booking.') },
  PAYMENT_DECLINED: { status: 402, text: fixed('Votre paiement a été refusé. Vérifiez votre carte ou essayez-en une autre.', 'Your payment was declined. Check your card or try another one.') },
  PAYMENT_NOT_REFUNDABLE: { status: 409, text: fixed('Seul un paiement réussi peut être remboursé.', 'Only a successful payment can be refunded.') },
  PAYMENT_ALREADY_REFUNDED: { status: 409, text: fixed('Ce paiement a déjà été remboursé.', 'This payment has already been refunded.') },
  REFUND_ALREADY_REQUESTED: {
    status: 409,
    text: fixed('Le remboursement de ce paiement est déjà en cours : il sera renouvelé automatiquement jusqu’à son aboutissement.', 'A refund of this payment is already under way: it is retried automatically until it goes through.'),
  },
  PAYMENT_NOT_COMPLETED: { status: 409, text: fixed('Le paiement n’est pas encore finalisé.', 'The payment is not complete yet.') },
  USER_NOT_FOUND: { status: 404, text: fixed('Utilisateur introuvable.', 'User not found.') },
  USER_ALREADY_EXISTS: { status: 409, text: fixed('Cet utilisateur existe déjà.', 'This user already exists.') },
  EMAIL_ALREADY_REGISTERED: { status: 409, field: 'email', text: fixed('Un compte existe déjà avec cette adresse e-mail.', 'An account already exists with this e-mail address.') },
  TOKEN_INVALID: { status: 400, field: 'token', text: fixed('Ce lien n’est pas valide ou a déjà servi. Demandez-en un nouveau.', 'This link is invalid or has already been used. Please ask for a new one.') },
  TOKEN_EXPIRED: { status: 400, field: 'token', text: fixed('Ce lien a expiré. Demandez-en un nouveau.', 'This link has expired. Please ask for a new one.') },
  WRONG_PASSWORD: { status: 400, field: 'currentPassword', text: fixed('Le mot de passe actuel est incorrect.', 'The current password is incorrect.') },
  LAST_ADMIN_CANNOT_BE_REMOVED: { status: 409, text: fixed('Impossible de supprimer le dernier administrateur.', 'Cannot delete the last admin user') },
  ORGANIZATION_NOT_FOUND: { status: 404, text: fixed('Centre de formation introuvable.', 'Training centre not found.') },
  ORGANIZATION_ALREADY_EXISTS: { status: 409, text: fixed('Ce centre de formation existe déjà.', 'This training centre already exists.') },
};

export function domainErrorToProblem(error: unknown): HttpProblem | null {
  if (!(error instanceof DomainError)) return null;
  const entry = CATALOG[error.code];
  if (!entry) return new HttpProblem(409, error.code, { fr: 'Opération impossible dans l’état actuel.', en: 'This operation is not possible in the current state.' });
  return new HttpProblem(entry.status, error.code, entry.text(error.params), entry.field ? { field: entry.field } : {});
}

export const authProblems = {
  invalidCredentials: () => new HttpProblem(401, 'INVALID_CREDENTIALS', { fr: 'Email ou mot de passe incorrect', en: 'Incorrect email or password' }),
  emailNotVerified: () =>
    new HttpProblem(403, 'EMAIL_NOT_VERIFIED', {
      fr: 'Votre adresse e-mail n’a pas encore été vérifiée. Consultez votre boîte de réception.',
      en: 'Your email has not been verified. Please check your inbox.',
    }, { requiresVerification: true }),
};
