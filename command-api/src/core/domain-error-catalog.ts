import { HttpProblem } from '@recup/infra/http/problem';
import type { LocalizedText } from '@recup/infra/http/language';
import { DEPARTMENT_NAMES, frenchPublicHolidayOn } from '@recup/shared-events';
import { DomainError } from './domain-error';

type Entry = {
  status: number;
  text: (params: Record<string, string | number>) => LocalizedText;
  field?: string;
  /**
   * Parameters the answer carries as members of its own (the state that refused the call), by member name: a
   * member never takes a name problem+json gives its own members (`status` is the HTTP status there).
   */
  members?: Readonly<Record<string, string>>;
};

const fixed = (fr: string, en: string) => () => ({ fr, en });

/**
 * A card the provider refused, in our words: the provider's own message is never shown (it is recorded on
 * the payment and logged with its code). The decline reason, when the provider gives one, is more precise.
 */
const DECLINES: Record<string, { fr: string; en: string }> = {
  insufficient_funds: { fr: 'Les fonds de votre carte sont insuffisants. Essayez une autre carte.', en: 'Your card has insufficient funds. Please try another card.' },
  expired_card: { fr: 'Votre carte est expirée. Essayez une autre carte.', en: 'Your card has expired. Please try another card.' },
  incorrect_cvc: { fr: 'Le code de sécurité (CVC) de votre carte est incorrect.', en: "Your card's security code (CVC) is incorrect." },
  incorrect_number: { fr: 'Le numéro de votre carte est incorrect.', en: 'Your card number is incorrect.' },
  processing_error: { fr: 'Une erreur est survenue lors du traitement de votre carte. Veuillez réessayer.', en: 'An error occurred while processing your card. Please try again.' },
  payment_intent_authentication_failure: {
    fr: 'L’authentification 3-D Secure a échoué ou a été annulée. Vous pouvez réessayer, avec la même carte ou une autre.',
    en: '3-D Secure authentication failed or was cancelled. You may try again, with the same card or another one.',
  },
};
DECLINES.authentication_required = DECLINES.payment_intent_authentication_failure!;
const CARD_DECLINED = { fr: 'Votre paiement a été refusé. Vérifiez votre carte ou essayez-en une autre.', en: 'Your payment was declined. Check your card or try another one.' };

function declineMessage(providerCode: string | number | undefined, declineCode?: string | number): { fr: string; en: string } {
  return DECLINES[String(declineCode ?? '')] ?? DECLINES[String(providerCode ?? '')] ?? CARD_DECLINED;
}

/** "samedi 5 décembre 2026" / "Saturday, December 5, 2026", for a `YYYY-MM-DD` day. */
function longDay(day: string | number | undefined): LocalizedText {
  const date = new Date(`${String(day)}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return { fr: String(day ?? ''), en: String(day ?? '') };
  const format = (locale: string) => new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
  return { fr: format('fr-FR'), en: format('en-US') };
}

/** The course form's required fields, with spec 001 §5's messages. */
const REQUIRED_COURSE_FIELD: Record<string, LocalizedText> = {
  title: { fr: 'Le titre est requis', en: 'The title is required' },
  address: { fr: 'L’adresse est requise', en: 'The address is required' },
  city: { fr: 'La ville est requise', en: 'The city is required' },
  department: { fr: 'Le département est requis', en: 'The department is required' },
  startDate: { fr: 'La date de début est requise', en: 'The start date is required' },
  endDate: { fr: 'La date de fin est requise', en: 'The end date is required' },
  price: { fr: 'Le prix est requis', en: 'The price is required' },
  totalSpots: { fr: 'Le nombre de places est requis', en: 'The number of places is required' },
  organizationId: { fr: 'L’organisation est requise', en: 'The organisation is required' },
};

/** The centre's profile fields, as the messages name them. */
const ORGANIZATION_FIELD: Record<string, LocalizedText> = {
  name: { fr: 'Le nom', en: 'Name' },
  address: { fr: 'L’adresse', en: 'Address' },
  city: { fr: 'La ville', en: 'City' },
  postalCode: { fr: 'Le code postal', en: 'Postal code' },
  email: { fr: 'L’adresse e-mail', en: 'Email' },
  phoneNumber: { fr: 'Le téléphone', en: 'Phone number' },
  website: { fr: 'Le site web', en: 'Website' },
  description: { fr: 'La description', en: 'Description' },
  descriptionEn: { fr: 'La description en anglais', en: 'English description' },
  prefectApprovalReference: { fr: 'La référence d’agrément préfectoral', en: 'The prefect approval reference' },
};
const fieldName = (field: string | number | undefined) => ORGANIZATION_FIELD[String(field)] ?? { fr: String(field), en: String(field) };
/**
 * How a refused input's message names its field (the schema's own refusals: hidden characters…): the centre's
 * profile fields, whose address, city, postal code, e-mail and phone are also the learner's.
 */
export const FIELD_LABELS: Readonly<Record<string, LocalizedText>> = ORGANIZATION_FIELD;

/** How a centre received money, as its messages name it. */
const CENTRE_PAYMENT_METHOD: Record<string, LocalizedText> = {
  CASH: { fr: 'espèces', en: 'cash' },
  CHEQUE: { fr: 'chèque', en: 'cheque' },
  TRANSFER: { fr: 'virement', en: 'bank transfer' },
};

/** "83 (Var)". */
function departmentLabel(code: string | number | undefined): string {
  const name = DEPARTMENT_NAMES[String(code) as keyof typeof DEPARTMENT_NAMES];
  return name ? `${code} (${name})` : String(code ?? '');
}

/** The first communes of a list, and how many more: a postal code may serve twenty villages. */
function shortList(names: string, shown = 5): LocalizedText {
  const all = names.split(', ').filter(Boolean);
  if (all.length <= shown) return { fr: all.join(', '), en: all.join(', ') };
  const first = all.slice(0, shown).join(', ');
  return { fr: `${first} et ${all.length - shown} autres`, en: `${first} and ${all.length - shown} more` };
}

/** The name of the public holiday on a `YYYY-MM-DD` day. */
function holidayName(day: string | number | undefined): LocalizedText {
  const holiday = /^\d{4}-\d{2}-\d{2}$/.test(String(day)) ? frenchPublicHolidayOn(String(day)) : null;
  return holiday?.name ?? { fr: '', en: '' };
}

/** Every broken rule's HTTP status and message, in French and English. */
const CATALOG = {
  COURSE_NOT_FOUND: { status: 404, text: fixed('Stage introuvable.', 'Course not found.') },
  COURSE_ALREADY_EXISTS: { status: 409, text: fixed('Ce stage existe déjà.', 'This course already exists.') },
  COURSE_CANCELLED: { status: 409, text: fixed('Ce stage a été annulé : il ne peut plus être réservé.', 'This course has been cancelled: it can no longer be booked.') },
  COURSE_ALREADY_STARTED: { status: 409, text: fixed('Ce stage a déjà commencé ou est terminé : il ne peut plus être réservé.', 'This course has already started or ended: it can no longer be booked.') },
  EARLY_START_NOT_REQUESTED: {
    status: 400,
    field: 'earlyStartRequested',
    text: fixed(
      'Ce stage commence dans moins de 14 jours : pour le réserver, demandez expressément qu’il commence avant la fin de votre délai de rétractation de 14 jours, qui ne s’appliquera alors pas à ce stage.',
      'This course starts within 14 days: to book it, expressly ask for it to start before your 14-day withdrawal period ends; that right will then not apply to this course.',
    ),
  },
  NO_SPOTS_LEFT: { status: 409, text: fixed('Il ne reste plus de place pour ce stage.', 'No spots left: this course is full.') },
  ALREADY_BOOKED: {
    status: 409,
    text: fixed('Vous avez déjà une réservation pour ce stage.', 'This learner already has a booking for this course.'),
  },
  SPOTS_AVAILABLE: {
    status: 409,
    text: fixed(
      'Ce stage a encore des places libres : réservez-en une plutôt que de rejoindre la liste d’attente.',
      'This course still has free places: book one instead of joining the waiting list.',
    ),
  },
  ALREADY_WAITING: { status: 409, text: fixed('Vous êtes déjà sur la liste d’attente de ce stage.', 'You are already on this course’s waiting list.') },
  WAITING_LIST_CLOSED: {
    status: 409,
    text: fixed(
      'Ce stage commence dans moins de 49 heures : sa liste d’attente est close. Une place qui se libère est ouverte à tous, sur la page du stage.',
      'This course starts in less than 49 hours: its waiting list is closed. A place that frees up is open to everyone, on the course page.',
    ),
  },
  NOT_ON_WAITING_LIST: { status: 404, text: fixed('Vous n’êtes pas sur la liste d’attente de ce stage.', 'You are not on this course’s waiting list.') },
  SPOT_OFFER_EXPIRED: {
    status: 409,
    text: fixed(
      'La place qui vous était réservée ne l’est plus : le délai pour la réserver est passé, et elle a été proposée à la personne suivante.',
      'The place held for you is no longer held: the time to book it has passed, and it has been offered to the next person in line.',
    ),
  },
  ORGANIZATION_NOT_VERIFIED: {
    status: 403,
    text: fixed(
      'Votre centre est en attente de vérification : seul un centre vérifié par nos administrateurs peut publier ou modifier des stages. Complétez son profil (avec la référence d’agrément préfectoral) ; vous pourrez publier dès sa validation.',
      'Your centre is awaiting verification: only a centre verified by our administrators can publish or change courses. Complete its profile (with the prefect approval reference); you can publish as soon as it is approved.',
    ),
  },
  APPROVAL_EXPIRED: {
    status: 409,
    members: { approvalExpiresOn: 'approvalExpiresOn' },
    text: (p) => ({
      fr: `L’agrément préfectoral de votre centre a pris fin le ${longDay(p.approvalExpiresOn).fr} : un centre dont l’agrément a expiré ne peut plus publier de stage. Faites renouveler votre agrément par la préfecture, puis demandez à nos administrateurs d’enregistrer ses nouvelles dates.`,
      en: `Your centre's prefectoral approval ended on ${longDay(p.approvalExpiresOn).en}: a centre whose approval has expired can no longer publish courses. Have the prefecture renew your approval, then ask our administrators to record its new dates.`,
    }),
  },
  INVALID_APPROVAL_DATES: {
    status: 422,
    text: (p) => (p.reason === 'APPROVAL_EXPIRY_WITHOUT_GRANT'
      ? { fr: 'La date de délivrance de l’agrément est requise pour en indiquer la fin', en: 'The approval’s grant date is required to enter its end' }
      : { fr: 'La fin de l’agrément ne peut précéder sa délivrance', en: 'The approval cannot end before it was granted' }),
  },
  LOW_ENROLMENT_NOTICE_NOT_DUE: { status: 409, text: fixed('L’avis de stage en sous-effectif n’est pas dû.', 'The low-enrolment notice is not due.') },
  APPROVAL_NOTICE_NOT_DUE: { status: 409, text: fixed('L’avis de fin d’agrément n’est pas dû.', 'The approval notice is not due.') },
  SELLER_NOT_VERIFIED: {
    status: 409,
    text: (p) => (p.stage === 'payment'
      ? {
        fr: 'Le centre qui organise ce stage n’est plus vérifié par nos administrateurs : il ne peut plus recevoir de paiement, et rien ne vous a été débité. Votre place n’est pas payée : annulez cette réservation depuis votre tableau de bord, ou elle sera libérée d’elle-même à la fin du délai de paiement. Choisissez un autre stage.',
        en: 'The centre that runs this course is no longer verified by our administrators: it can no longer take payments, and nothing was charged to you. Your place is not paid for: cancel this booking from your dashboard, or it will be released by itself when the time to pay runs out. Please choose another course.',
      }
      : {
        fr: 'Ce stage n’est plus proposé à la réservation : le centre qui l’organise n’est plus vérifié par nos administrateurs. Choisissez un autre stage.',
        en: 'This course can no longer be booked: the centre that runs it is no longer verified by our administrators. Please choose another course.',
      }),
  },
  COURSE_WITHDRAWN: { status: 409, text: fixed('Ce stage a été retiré avant sa publication.', 'This course was withdrawn before it was published.') },
  CANCELLED_COURSE_CANNOT_CHANGE: { status: 409, text: fixed('Ce stage est annulé : il ne peut plus être modifié ni supprimé.', 'This course is cancelled: it can no longer be changed or deleted.') },
  STARTED_COURSE_CANNOT_CHANGE: { status: 409, text: fixed('Ce stage a déjà commencé : il ne peut plus être modifié ni supprimé.', 'This course has already started: it can no longer be changed or deleted.') },
  COURSE_BATCH_WITHDRAWN: { status: 409, text: fixed('Ces stages ont été retirés : aucun n’a été publié.', 'These courses were withdrawn: none was published.') },
  COURSE_FIELD_REQUIRED: { status: 400, text: (p) => REQUIRED_COURSE_FIELD[String(p.rule)] ?? { fr: 'Ce champ est requis', en: 'This field is required' } },
  POSTAL_CODE_INVALID: { status: 400, field: 'postalCode', text: fixed('Le code postal doit comporter 5 chiffres', 'The postal code must have 5 digits') },
  DEPARTMENT_INVALID: { status: 400, field: 'department', text: fixed('Le département doit être l’un de 04, 05, 06, 13, 83 ou 84', 'The department must be one of 04, 05, 06, 13, 83 or 84') },
  COURSE_DATE_INVALID: { status: 400, text: fixed('Cette date n’est pas valide', 'This date is not valid') },
  PRICE_TOO_LOW: {
    status: 400,
    field: 'price',
    text: (p) => (Number(p.minCents) > 0
      ? { fr: 'Le prix doit être d’au moins 0,01 €', en: 'The price must be at least €0.01' }
      : { fr: 'Le prix ne peut pas être négatif', en: 'The price cannot be negative' }),
  },
  TOTAL_SPOTS_TOO_LOW: { status: 400, field: 'totalSpots', text: fixed('Le nombre de places doit être supérieur à 0', 'The number of places must be greater than 0') },
  TOTAL_SPOTS_TOO_HIGH: {
    status: 400,
    field: 'totalSpots',
    text: (p) => ({ fr: `Un stage accueille au plus ${p.max} participants (arrêté du 26 juin 2012)`, en: `A course takes at most ${p.max} participants (French law)` }),
  },
  TOTAL_SPOTS_BELOW_TAKEN: {
    status: 409,
    field: 'totalSpots',
    text: (p) => ({ fr: `Le nombre de places ne peut pas être inférieur aux ${p.taken} places déjà réservées`, en: `The number of places cannot be lower than the ${p.taken} places already booked` }),
  },
  COURSE_END_BEFORE_START: { status: 400, field: 'endDate', text: fixed('La date de fin doit être postérieure à la date de début', 'The end date must come after the start date') },
  COURSE_NOT_TWO_CONSECUTIVE_DAYS: {
    status: 400,
    field: 'endDate',
    text: fixed('Un stage se déroule sur deux jours consécutifs : il doit se terminer le lendemain de son début', 'A course runs over two consecutive days: it must end on the day after it starts'),
  },
  COURSE_ON_SUNDAY: {
    status: 400,
    text: (p) => ({ fr: `Aucun stage ne peut avoir lieu un dimanche (${longDay(p.day).fr})`, en: `No course may take place on a Sunday (${longDay(p.day).en})` }),
  },
  COURSE_ON_PUBLIC_HOLIDAY: {
    status: 400,
    text: (p) => ({
      fr: `Aucun stage ne peut avoir lieu un jour férié : le ${longDay(p.day).fr} est férié (${holidayName(p.day).fr})`,
      en: `No course may take place on a public holiday: ${longDay(p.day).en} is one (${holidayName(p.day).en})`,
    }),
  },
  COURSE_AT_NIGHT: { status: 400, text: fixed('Un stage se déroule en journée, entre 7h00 et 20h00', 'A course takes place in the daytime, between 7:00 and 20:00') },
  COURSE_DECLARED_TOO_LATE: {
    status: 400,
    field: 'startDate',
    text: (p) => ({
      fr: `Un stage doit être déclaré au moins ${p.minDays} jours avant son début : première date possible le ${longDay(p.earliestDay).fr}`,
      en: `A course must be declared at least ${p.minDays} days before it starts: the earliest possible start is ${longDay(p.earliestDay).en}`,
    }),
  },
  POSTAL_CODE_NOT_IN_DEPARTMENT: {
    status: 400,
    field: 'postalCode',
    text: (p) => ({
      fr: `Le code postal ${p.postalCode} n’est celui d’aucune commune du département ${departmentLabel(p.department)}`,
      en: `Postal code ${p.postalCode} serves no commune of department ${departmentLabel(p.department)}`,
    }),
  },
  CITY_NOT_AT_POSTAL_CODE: {
    status: 400,
    field: 'city',
    text: (p) => {
      const communes = shortList(String(p.communes ?? ''));
      return {
        fr: `Cette ville n’est pas desservie par le code postal ${p.postalCode}, qui est celui de : ${communes.fr}`,
        en: `This city is not served by postal code ${p.postalCode}, which is that of: ${communes.en}`,
      };
    },
  },
  BATCH_WITHOUT_SESSIONS: { status: 400, field: 'sessions', text: fixed('Au moins une session doit être ajoutée', 'At least one session must be added') },
  ORGANIZATION_NOT_REGISTERED: {
    status: 404,
    text: fixed(
      'Aucun centre n’est encore enregistré pour ce compte : complétez le profil de votre centre pour le faire vérifier.',
      'No training centre is registered for this account yet: fill in your centre’s profile to have it verified.',
    ),
  },
  ORGANIZATION_MANAGER_TAKEN: { status: 409, field: 'ownerUserId', text: fixed('Ce compte gère déjà un autre centre.', 'This account already runs another centre.') },
  MANAGER_NOT_ORGANIZATION_ACCOUNT: {
    status: 400,
    field: 'ownerUserId',
    text: fixed('Le compte désigné doit être un compte centre de formation (rôle ORGANIZATION).', 'The account named must be a training-centre account (role ORGANIZATION).'),
  },
  ORGANIZATION_FIELD_REQUIRED: {
    status: 400,
    text: (p) => ({ fr: `${fieldName(p.field).fr} est obligatoire`, en: `${fieldName(p.field).en} is required` }),
  },
  ORGANIZATION_FIELD_TOO_SHORT: {
    status: 400,
    text: (p) => (p.field === 'descriptionEn'
      ? { fr: `La description en anglais doit comporter au moins ${p.min} caractères`, en: `English description must be at least ${p.min} characters` }
      : { fr: `${fieldName(p.field).fr} doit comporter au moins ${p.min} caractères`, en: `${fieldName(p.field).en} must be at least ${p.min} characters` }),
  },
  EMAIL_INVALID: { status: 400, field: 'email', text: fixed('L’adresse e-mail n’est pas valide', 'Must be a valid email address') },
  WEBSITE_INVALID: { status: 400, field: 'website', text: fixed('Le site web doit être une adresse valide (https://…)', 'Website must be a valid URL (https://…)') },
  PREFECT_APPROVAL_REQUIRED: {
    status: 400,
    field: 'prefectApprovalReference',
    text: fixed('La référence d\'approbation du préfet est obligatoire pour créer une organisation', 'The prefect approval reference is required to create an organization'),
  },
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
    members: { bookingStatus: 'status' },
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
  BOOKING_NOT_CANCELLABLE: { status: 409, members: { bookingStatus: 'status' }, text: fixed('Seule une réservation confirmée, ou une réservation non payée par son titulaire, peut être annulée.', 'Only a confirmed booking, or an unpaid one by its own learner, can be cancelled.') },
  CANCELLATION_TOO_LATE: { status: 409, text: fixed('Ce stage a déjà commencé : la réservation ne peut plus être annulée.', 'This course has already started: the booking can no longer be cancelled.') },
  ATTENDANCE_NEEDS_HELD_BOOKING: {
    status: 409, members: { bookingStatus: 'status' },
    text: fixed('La présence ne s’enregistre que pour une réservation confirmée sur ce stage.', 'Attendance is recorded only for a booking confirmed on this course.'),
  },
  ATTENDANCE_NOT_OPEN_YET: {
    status: 409, members: { opensAt: 'opensAt' },
    text: fixed('La présence s’enregistre à partir du premier jour du stage.', 'Attendance can be recorded from the first day of the course.'),
  },
  ATTENDANCE_WINDOW_CLOSED: {
    status: 409, members: { closedAt: 'closedAt' },
    text: fixed(
      'La présence ne s’enregistre plus : le délai de 15 jours après le stage est passé. Demandez une correction à l’administrateur.',
      'Attendance can no longer be recorded: the 15 days after the course are over. Ask an administrator to correct it.',
    ),
  },
  ATTESTATION_NOT_DUE: { status: 409, text: fixed('L’attestation n’est pas encore due pour cette réservation.', 'The attestation is not due for this booking yet.') },
  FACILITATOR_ROLE_REPEATED: {
    status: 400, field: 'facilitators',
    text: fixed('Chaque rôle d’animateur (expert en sécurité routière, psychologue) ne se nomme qu’une fois.', 'Each facilitator role (road-safety expert, psychologist) is named once.'),
  },
  PREFECTURE_PACK_NOT_DUE: {
    status: 409, members: { endDate: 'endDate' },
    text: fixed(
      'Le dossier de la préfecture se prépare une fois le stage terminé : il n’est pas encore disponible.',
      'The prefecture’s pack is made once the course has ended: it is not available yet.',
    ),
  },
  CANCELLED_COURSE_HAS_NO_PACK: { status: 409, text: fixed('Ce stage a été annulé : il n’a pas de dossier à envoyer à la préfecture.', 'This course was cancelled: it has no pack to send to the prefecture.') },
  COURSE_NOT_ENDED: { status: 409, text: fixed('Ce stage n’est pas encore terminé.', 'This course has not ended yet.') },
  REMINDER_NEEDS_CONFIRMED_BOOKING: { status: 409, members: { bookingStatus: 'status' }, text: fixed('Seule une réservation confirmée reçoit les rappels de son stage.', 'Only a confirmed booking gets the reminders of its course.') },
  BOOKING_NOT_ON_COURSE: { status: 409, text: fixed('Cette réservation n’est plus sur ce stage.', 'This booking is no longer on this course.') },
  REMINDER_OUT_OF_TIME: { status: 409, text: fixed('Ce rappel n’est pas à envoyer maintenant.', 'This reminder is not to be sent now.') },
  FOLLOW_UP_NEEDS_HELD_BOOKING: { status: 409, members: { bookingStatus: 'status' }, text: fixed('Seule une réservation dont le stage a eu lieu reçoit le message d’après-stage.', 'Only a booking whose course took place gets the message after the course.') },
  FOLLOW_UP_OUT_OF_TIME: { status: 409, text: fixed('Le message d’après-stage n’est pas à envoyer maintenant.', 'The message after the course is not to be sent now.') },
  PAYMENT_NOT_FOUND: { status: 404, text: fixed('Paiement introuvable.', 'Payment not found.') },
  PAYMENT_ALREADY_EXISTS: { status: 409, text: fixed('Un paiement existe déjà pour cette tentative.', 'A payment already exists for this attempt.') },
  PAYMENT_AMOUNT_MISMATCH: { status: 409, text: fixed('Le montant du paiement ne correspond pas au prix de la réservation.', 'The payment amount does not match the booking price.') },
  PAYMENT_INTENT_MISMATCH: { status: 409, text: fixed('Ce paiement ne correspond pas à cette réservation.', 'This payment does not belong to this booking.') },
  PAYMENT_DECLINED: { status: 402, text: (p) => declineMessage(p.providerCode, p.declineCode) },
  PAYMENT_NOT_REFUNDABLE: { status: 409, members: { paymentStatus: 'status' }, text: fixed('Seul un paiement réussi peut être remboursé.', 'Only a successful payment can be refunded.') },
  PAYMENT_NOT_CANCELLABLE: { status: 409, text: fixed('Un paiement encaissé ne s’annule pas : il se rembourse.', 'A payment that was taken is not cancelled: it is refunded.') },
  PAYMENT_NOT_COMPLETED: {
    status: 409,
    text: (p) =>
      p.providerStatus === 'requires_action'
        ? { fr: 'Le paiement attend encore l’authentification 3-D Secure de votre banque.', en: 'The payment still awaits your bank’s 3-D Secure authentication.' }
        : { fr: 'Le paiement est en cours de traitement. Réessayez dans un instant.', en: 'The payment is being processed. Please try again in a moment.' },
  },
  PAYMENT_ATTEMPT_CHANGED: { status: 409, text: fixed('Un autre paiement de cette réservation vient de commencer. Rechargez la page pour continuer.', 'Another payment of this booking has just started. Reload the page to continue.') },
  BOOKING_PAYMENT_SUPERSEDED: {
    status: 409,
    text: fixed(
      'Ce paiement ne compte plus pour cette réservation (un autre l’a remplacé, ou elle n’attend plus de paiement) : s’il a été débité, il vous est remboursé.',
      'This payment no longer counts for this booking (another one replaced it, or it no longer awaits payment): if it was charged, it is refunded to you.',
    ),
  },
  BOOKING_ALREADY_PAID: { status: 409, text: fixed('Cette réservation est déjà payée et confirmée : il n’y a plus rien à payer.', 'This booking is already paid and confirmed: there is nothing left to pay.') },
  BOOKING_ALREADY_CONFIRMED: {
    status: 409,
    text: fixed('Le centre a déjà confirmé cette réservation : il n’y a rien à payer en ligne.', 'The training centre has already confirmed this booking: there is nothing to pay online.'),
  },
  CENTRE_PAYMENT_NOT_CONFIRMED_BY_CENTRE: {
    status: 409,
    text: fixed(
      'Seule une réservation que le centre a confirmée sans paiement en ligne peut être réglée au centre.',
      'Only a booking the centre confirmed without an online payment can be paid at the centre.',
    ),
  },
  BOOKING_ALREADY_PAID_AT_CENTRE: {
    status: 409,
    text: (p) => ({
      fr: `Le règlement de cette réservation a déjà été enregistré (${CENTRE_PAYMENT_METHOD[String(p.method)]?.fr ?? p.method}, reçu le ${longDay(p.receivedOn).fr}).`,
      en: `The payment of this booking has already been recorded (${CENTRE_PAYMENT_METHOD[String(p.method)]?.en ?? p.method}, received on ${longDay(p.receivedOn).en}).`,
    }),
  },
  LETTER_RECEIVED_ON_REQUIRED: {
    status: 400,
    field: 'letterReceivedOn',
    text: fixed(
      'Indiquez le jour où vous avez reçu la lettre 48N : le stage doit être terminé dans les 4 mois qui suivent.',
      'Give the day you received the 48N letter: the course must be over within the 4 months that follow.',
    ),
  },
  LETTER_RECEIVED_ON_NOT_EXPECTED: {
    status: 400,
    field: 'letterReceivedOn',
    text: fixed(
      'La date de réception d’une lettre 48N ne concerne que le stage obligatoire du permis probatoire (cas 2) : retirez-la ou choisissez ce cas.',
      'The day a 48N letter was received only applies to the mandatory course of a probationary licence (case 2): remove it or choose that case.',
    ),
  },
  LETTER_RECEIVED_ON_IN_FUTURE: {
    status: 400,
    field: 'letterReceivedOn',
    text: fixed('La date de réception de la lettre 48N ne peut pas être dans le futur.', 'The day the 48N letter was received cannot be in the future.'),
  },
  LEARNER_CASE_BOOKING_CLOSED: {
    status: 409,
    members: { bookingStatus: 'status' },
    text: fixed(
      'Cette réservation n’est plus active (annulée, expirée ou terminée) : la raison de votre stage ne peut plus y être indiquée.',
      'This booking is no longer active (cancelled, expired or over): the reason for your course can no longer be given on it.',
    ),
  },
  LEARNER_CASE_COURSE_STARTED: {
    status: 409,
    text: fixed(
      'Le stage a commencé : la raison de votre stage, que le centre a enregistrée, ne peut plus être modifiée.',
      'The course has started: the reason for your course, which the centre recorded, can no longer be changed.',
    ),
  },
  CENTRE_PAYMENT_IN_FUTURE: {
    status: 400,
    field: 'receivedOn',
    text: fixed('La date de réception ne peut pas être dans le futur.', 'The day the money was received cannot be in the future.'),
  },
  CENTRE_PAYMENT_BEFORE_BOOKING: {
    status: 400,
    field: 'receivedOn',
    text: (p) => ({
      fr: `La date de réception ne peut pas précéder la réservation (faite le ${longDay(p.bookedOn).fr}).`,
      en: `The day the money was received cannot come before the booking (made on ${longDay(p.bookedOn).en}).`,
    }),
  },
  BOOKING_NO_LONGER_CONFIRMED: {
    status: 409,
    members: { bookingStatus: 'bookingStatus', paymentStatus: 'paymentStatus' },
    text: (p) =>
      p.paymentStatus === 'REFUNDED'
        ? { fr: 'Cette réservation a été annulée et son paiement remboursé : elle n’est plus confirmée.', en: 'This booking was cancelled and its payment refunded: it is no longer confirmed.' }
        : { fr: 'Cette réservation a été annulée : elle n’est plus confirmée.', en: 'This booking was cancelled: it is no longer confirmed.' },
  },
  BOOKING_NOT_MOVABLE: {
    status: 409,
    members: { bookingStatus: 'status' },
    text: (p) =>
      p.status === 'PENDING'
        ? { fr: 'Cette réservation n’est pas encore confirmée : payez-la d’abord, vous pourrez ensuite changer de date.', en: 'This booking is not confirmed yet: pay for it first, then you can change its date.' }
        : { fr: 'Seule une réservation confirmée peut changer de date.', en: 'Only a confirmed booking can move to another date.' },
  },
  MOVE_TO_SAME_COURSE: { status: 409, field: 'courseId', text: fixed('Cette réservation est déjà sur ce stage : choisissez une autre date.', 'This booking is already for this course: choose another date.') },
  MOVE_TOO_LATE: {
    status: 409,
    text: (p) => ({
      fr: `Le changement de date est possible jusqu’à ${p.cutoffDays} jours avant le début du stage, soit au plus tard le ${longDay(p.lastDay).fr}. Contactez le centre de formation.`,
      en: `The date can be changed up to ${p.cutoffDays} days before the course starts, that is until ${longDay(p.lastDay).en}. Please contact the training centre.`,
    }),
  },
  MOVE_AFTER_COURSE_STARTED: { status: 409, text: fixed('Le stage réservé a déjà commencé : la réservation ne peut plus changer de date.', 'The course booked has already started: the booking can no longer move to another date.') },
  MOVE_TO_ANOTHER_CENTRE: {
    status: 409,
    field: 'courseId',
    text: fixed('Un centre ne peut déplacer un stagiaire que vers un autre de ses propres stages.', 'A training centre can only move a learner to another of its own courses.'),
  },
  MOVE_UNPAID_TO_ANOTHER_CENTRE: {
    status: 409,
    field: 'courseId',
    text: fixed(
      'Cette réservation est à régler au centre : elle ne peut changer de date que pour un autre stage du même centre.',
      'This booking is to be paid at the centre: it can only move to another course of the same centre.',
    ),
  },
  MOVE_COURSE_NOT_FOUND: { status: 400, field: 'courseId', text: fixed('Le stage choisi est introuvable.', 'The course chosen cannot be found.') },
  MOVE_NOT_PENDING: {
    status: 409,
    text: fixed('Aucun changement de date de cette réservation n’attend de paiement.', 'No change of date of this booking is waiting for a payment.'),
  },
  MOVE_HOLD_EXPIRED: {
    status: 409,
    text: fixed(
      'Le délai pour payer la différence est dépassé : la place du nouveau stage a été libérée et votre réservation n’a pas changé. Vous pouvez recommencer le changement de date.',
      'The time to pay the difference has run out: the place on the new course was released and your booking is unchanged. You can change the date again.',
    ),
  },
  MOVE_HOLD_NOT_ELAPSED: { status: 409, text: fixed('Le délai pour payer la différence n’est pas écoulé.', 'The time to pay the difference has not run out yet.') },
  MOVE_PAYMENT_SUPERSEDED: {
    status: 409,
    text: fixed(
      'Ce paiement ne compte plus pour ce changement de date (il a été abandonné ou remplacé) : s’il a été débité, il vous est remboursé.',
      'This payment no longer counts for this change of date (it was given up or replaced): if it was charged, it is refunded to you.',
    ),
  },
  PARTIAL_REFUND_TOO_LARGE: {
    status: 409,
    text: fixed('Un remboursement partiel ne peut pas dépasser ce qui reste du paiement.', 'A partial refund cannot exceed what is left of the payment.'),
  },
  PAYMENT_ALREADY_REFUNDED: { status: 409, text: fixed('Ce paiement a déjà été remboursé.', 'This payment has already been refunded.') },
  REFUND_ALREADY_REQUESTED: {
    status: 409,
    text: fixed('Le remboursement de ce paiement est déjà en cours : il sera renouvelé automatiquement jusqu’à son aboutissement.', 'A refund of this payment is already under way: it is retried automatically until it goes through.'),
  },
  USER_NOT_FOUND: { status: 404, text: fixed('Utilisateur introuvable.', 'User not found.') },
  USER_ALREADY_EXISTS: { status: 409, text: fixed('Cet utilisateur existe déjà.', 'This user already exists.') },
  EMAIL_ALREADY_REGISTERED: { status: 409, field: 'email', text: fixed('Un compte existe déjà avec cette adresse e-mail.', 'An account already exists with this e-mail address.') },
  TOKEN_INVALID: { status: 400, field: 'token', text: fixed('Ce lien n’est pas valide ou a déjà servi. Demandez-en un nouveau.', 'This link is invalid or has already been used. Please ask for a new one.') },
  TOKEN_EXPIRED: { status: 400, field: 'token', text: fixed('Ce lien a expiré. Demandez-en un nouveau.', 'This link has expired. Please ask for a new one.') },
  PASSWORD_TOO_COMMON: {
    status: 400,
    field: 'password',
    text: (p) => (p.field === 'newPassword'
      ? { fr: 'Le nouveau mot de passe fait partie des plus couramment utilisés : choisissez-en un autre, plus difficile à deviner.', en: 'The new password is one of the most commonly used: choose another one, harder to guess.' }
      : { fr: 'Le mot de passe fait partie des plus couramment utilisés : choisissez-en un autre, plus difficile à deviner.', en: 'The password is one of the most commonly used: choose another one, harder to guess.' }),
  },
  WRONG_PASSWORD: { status: 400, field: 'currentPassword', text: fixed('Le mot de passe actuel est incorrect.', 'The current password is incorrect.') },
  LAST_ADMIN_CANNOT_BE_REMOVED: { status: 409, text: fixed('Impossible de supprimer le dernier administrateur.', 'Cannot delete the last admin user') },
  LAST_ADMIN_ROLE_KEPT: { status: 409, text: fixed('Impossible de retirer son rôle au dernier administrateur.', 'Cannot change the role of the last admin user') },
  IDENTITY_CHANGE_NOT_PENDING: {
    status: 409,
    text: fixed(
      'Cette demande de modification n’est plus en attente : elle a déjà été traitée, retirée ou remplacée par une autre. Rechargez la fiche du centre.',
      'This change request is no longer pending: it was already decided, withdrawn or replaced by another one. Reload the centre’s details.',
    ),
  },
  STATEMENT_MONTH_NOT_OVER: {
    status: 409,
    text: (p) => ({
      fr: `Le relevé de ${String(p.month)} ne peut être marqué payé qu’une fois le mois terminé (heure de Paris) : ses chiffres peuvent encore changer.`,
      en: `The statement of ${String(p.month)} can be marked paid only once the month is over (Paris time): its figures may still change.`,
    }),
  },
  STATEMENT_ALREADY_PAID: {
    status: 409,
    text: (p) => ({ fr: `Le relevé de ${String(p.month)} de ce centre est déjà marqué payé.`, en: `This centre’s statement of ${String(p.month)} is already marked paid.` }),
  },
  /** An edit sent with an `If-Match` that another edit has since replaced (core/precondition.ts). */
  STALE_EDIT: { status: 412, text: staleEditText, members: { changedBy: 'changedBy', changedByName: 'changedByName', changedAt: 'changedAt' } },
  ORGANIZATION_NOT_FOUND: { status: 404, text: fixed('Centre de formation introuvable.', 'Training centre not found.') },
  ORGANIZATION_ALREADY_EXISTS: { status: 409, text: fixed('Ce centre de formation existe déjà.', 'This training centre already exists.') },
} satisfies Record<string, Entry>;

/**
 * The code of a broken business rule: a key of the catalogue, so that a `DomainError` raised with a code that has no
 * status and no message here does not compile, however the code is chosen.
 */
export type DomainErrorCode = keyof typeof CATALOG;

/** Every code of the catalogue. */
export const DOMAIN_ERROR_CODES = Object.keys(CATALOG) as DomainErrorCode[];

/** Who changed meanwhile what the caller was editing, and when (Paris time), in both languages. */
function staleEditText(p: Record<string, string | number>): LocalizedText {
  const who: Record<string, LocalizedText> = {
    you: { fr: 'vous (dans une autre fenêtre)', en: 'you (in another window)' },
    administrator: { fr: 'un administrateur', en: 'an administrator' },
    platform: { fr: 'la plateforme', en: 'the platform' },
    person: { fr: String(p.changedByName ?? ''), en: String(p.changedByName ?? '') },
  };
  const by = who[String(p.changedBy)];
  const at = p.changedAt === undefined ? null : new Date(String(p.changedAt));
  const when = (locale: string, word: string) => {
    if (!at || Number.isNaN(at.getTime())) return '';
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'Europe/Paris' }).format(at);
    const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Europe/Paris' }).format(at);
    return `, ${word.replace('{day}', day).replace('{time}', time)}`;
  };
  if (!by) return { fr: 'Modifié entre-temps : rechargez la page pour voir la dernière version avant de modifier à nouveau.', en: 'Changed meanwhile: reload the page to see the latest version before editing again.' };
  return {
    fr: `Modifié entre-temps par ${by.fr}${when('fr-FR', 'le {day} à {time}')} : rechargez la page pour voir ses changements avant de modifier à nouveau.`,
    en: `Changed meanwhile by ${by.en}${when('en-GB', 'on {day} at {time}')}: reload the page to see those changes before editing again.`,
  };
}

export function domainErrorToProblem(error: unknown): HttpProblem | null {
  if (!(error instanceof DomainError)) return null;
  // A code smuggled past the compiler (`as`) gets the generic answer rather than a crash.
  const entry: Entry | undefined = CATALOG[error.code];
  if (!entry) return new HttpProblem(409, error.code, { fr: 'Opération impossible dans l’état actuel.', en: 'This operation is not possible in the current state.' });
  // A rule of a form names its field; in a batch, the session it belongs to, which the message names too.
  const field = typeof error.params.field === 'string' ? error.params.field : entry.field;
  const text = entry.text(error.params);
  const session = error.params.session;
  const placed = session === undefined ? text : { fr: `Session ${session} : ${text.fr}`, en: `Session ${session}: ${text.en}` };
  const members = entry.members
    ? Object.fromEntries(Object.entries(entry.members).filter(([, param]) => error.params[param] !== undefined).map(([member, param]) => [member, error.params[param]!]))
    : undefined;
  return new HttpProblem(entry.status, error.code, placed, { ...(field ? { field } : {}), ...(members ? { members } : {}) });
}

export const authProblems = {
  invalidCredentials: () => new HttpProblem(401, 'INVALID_CREDENTIALS', { fr: 'Email ou mot de passe incorrect', en: 'Incorrect email or password' }),
  emailNotVerified: () =>
    new HttpProblem(403, 'EMAIL_NOT_VERIFIED', {
      fr: 'Votre adresse e-mail n’a pas encore été vérifiée. Consultez votre boîte de réception.',
      en: 'Your email has not been verified. Please check your inbox.',
    }, { requiresVerification: true }),
};
