import type { MailMessage } from '@recup/infra/mail/port';
import { attendanceRule, cancellationTerm, centreCommitment, languageNote, moveTerm, thingsToBring, type LearnerCaseName } from '@recup/shared-events/bookings/convocation-terms';
import { DIRECTIONS_SITE } from '@recup/shared-events/courses/directions';
import { fineRefundSteps } from '@recup/shared-events/courses/attestation-terms';
import { hiddenCharacterIn, isPersonName } from '@recup/shared-events/text/visible-text';

type Lang = 'fr' | 'en';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Text somebody else typed (a registrant's first name, a centre's course title) goes into the mail of the
 * address's owner: it must never carry a message of its own nor become a link. A name that is not a plain
 * name (one recorded before names were checked) is left out of the greeting; a title that a mail client
 * could turn into a link, or that hides characters, is withheld.
 */
const hello = {
  fr: (firstName: string) => (isPersonName(firstName.trim()) ? `Bonjour ${firstName.trim()},` : 'Bonjour,'),
  en: (firstName: string) => (isPersonName(firstName.trim()) ? `Hello ${firstName.trim()},` : 'Hello,'),
};
const LINK_LIKE = /[:/\\@<>]|www\.|[\p{L}\p{N}]\.[\p{L}\p{N}]/iu;
/** A course's title as a mail may show it (the mail reactor passes every title through it). */
export const mailSafeTitle = (lang: Lang, title: string) => (LINK_LIKE.test(title) || hiddenCharacterIn(title) !== null ? (lang === 'fr' ? '(intitulé masqué)' : '(title withheld)') : title);

/** A link an e-mail offers besides its button. */
type MailLink = { label: string; url: string };
/** A choice an e-mail offers among several (each a link of the site's own, with its words). */
type MailChoice = MailLink;

/**
 * The only addresses outside the site that our e-mails link to, each built by our code alone: directions to a
 * course's address (`directionsUrl`), and the official site where a driver checks their points.
 */
const ANTS_POINTS_URL = 'https://permisdeconduire.ants.gouv.fr/';
export const OUTSIDE_LINKS: readonly string[] = [DIRECTIONS_SITE, ANTS_POINTS_URL];

function choiceList(choices: readonly MailChoice[]): string {
  if (choices.length === 0) return '';
  const items = choices.map((choice) => `<li style="margin:0 0 8px;line-height:1.5"><a href="${escape(choice.url)}" style="color:#0b3d91;font-weight:600">${escape(choice.label)}</a></li>`).join('');
  return `<ul style="margin:0 0 16px;padding-left:20px">${items}</ul>`;
}

function layout(lang: Lang, title: string, paragraphs: string[], action: MailLink | null, footer: string, links: readonly MailLink[] = [], choices: readonly MailChoice[] = []): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escape(p)}</p>`).join('') + choiceList(choices);
  const button = action
    ? `<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#0b3d91;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escape(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">${escape(lang === 'fr' ? 'Si le bouton ne fonctionne pas, copiez ce lien :' : 'If the button does not work, copy this link:')}<br>${escape(action.url)}</p>`
    : '';
  const more = links.length > 0
    ? `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.8">${links.map((link) => `<li><a href="${escape(link.url)}" style="color:#0b3d91">${escape(link.label)}</a></li>`).join('')}</ul>`
    : '';
  return `<!doctype html><html lang="${lang}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a2e;background:#f4f6fb;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;color:#0b3d91;margin:0 0 20px">${escape(title)}</h1>${body}${button}${more}
<p style="margin:24px 0 0;font-size:12px;color:#777">${escape(footer)}</p></div></body></html>`;
}

/** A course as e-mails name it: its title and its two days with their hours (`mailCourseDates`), ready for a sentence. */
type CourseLine = { title: string; dates: string };

/**
 * What became of the money of a cancelled booking: refunded online, kept (cancelled too late), never taken, or
 * paid at the centre (which settles its refund with the learner: the platform took nothing).
 */
type CancelledMoney = 'refunded' | 'notRefunded' | 'notCharged' | 'paidAtCentre';

function message(kind: string, lang: Lang, to: string, subject: string, paragraphs: string[], action: MailLink | null, links: readonly MailLink[] = [], choices: readonly MailChoice[] = []): MailMessage {
  const footer = lang === 'fr'
    ? "Récup'Points — stages de récupération de points en Provence-Alpes-Côte d'Azur. Vous recevez cet e-mail suite à une demande faite avec votre adresse."
    : "Récup'Points — points recovery courses in Provence-Alpes-Côte d'Azur. You receive this e-mail because of a request made with your address.";
  const colon = lang === 'fr' ? ' : ' : ': ';
  const listed = choices.map((choice) => `- ${choice.label}${colon}${choice.url}`);
  const text = [...paragraphs, ...listed, ...(action ? ['', `${action.label} : ${action.url}`] : []), ...links.map((link) => `${link.label} : ${link.url}`), '', '—', footer].join('\n');
  return { kind, language: lang, to, subject, text, html: layout(lang, subject, paragraphs, action, footer, links, choices) };
}

/**
 * What the e-mails about a confirmed booking repeat of its convocation, in the learner's language: every value
 * already written for a sentence, and already checked safe to mail (`convocationBrief`).
 */
export interface ConvocationBrief {
  reference: string;
  /** The course as e-mails name it (`CourseLine`). */
  course: CourseLine;
  /** Each day with its hours: "vendredi 11 décembre 2026 : 8h00 – 12h00 et 13h00 – 17h00". */
  days: string[];
  /** The full address, or null when it is withheld (it looked like a link). */
  place: string | null;
  centre: { name: string | null; approval: string | null; phone: string | null; email: string | null };
  antsNumber: string | null;
  /** Until when the learner moves free of charge; null once that time has passed. */
  moveUntil: string | null;
  /** Until when a cancellation is refunded; null for a booking not paid online. */
  refundUntil: string | null;
  /** The learner's case when declared (part `case` records it): the 48N letter joins what to bring, or leaves it. */
  learnerCase?: LearnerCaseName | null;
  links: { convocation: string; calendar: string; directions: string | null; dashboard: string };
}

/** The convocation's essentials as paragraphs: when, where, who, what to bring, the rules, the commitments. */
function convocationParagraphs(lang: Lang, brief: ConvocationBrief): string[] {
  const fr = lang === 'fr';
  const colon = fr ? ' : ' : ': ';
  const { centre } = brief;
  const centreLine = [
    centre.name ?? (fr ? 'Le centre de formation' : 'The training centre'),
    centre.approval ? (fr ? `agrément préfectoral ${centre.approval}` : `prefectoral approval ${centre.approval}`) : null,
    centre.phone ? (fr ? `tél. ${centre.phone}` : `phone ${centre.phone}`) : null,
    centre.email,
  ].filter((part): part is string => part !== null).join(', ');
  const bring = thingsToBring(lang, brief.learnerCase ?? null);
  return [
    `${fr ? 'Horaires' : 'Times'}${colon}${brief.days.join(' ; ')}.`,
    ...(brief.place ? [`${fr ? 'Lieu' : 'Place'}${colon}${brief.place}.`] : []),
    `${fr ? 'Centre organisateur' : 'Organising centre'}${colon}${centreLine}.${brief.antsNumber ? (fr ? ` Numéro du stage (préfecture) : ${brief.antsNumber}.` : ` Course number (prefecture): ${brief.antsNumber}.`) : ''}`,
    `${fr ? 'À apporter' : 'What to bring'}${colon}${bring.join(', ')}.`,
    attendanceRule(lang),
    ...(languageNote(lang) ? [languageNote(lang)!] : []),
    centreCommitment(lang),
    ...(brief.moveUntil ? [moveTerm(lang, brief.moveUntil)] : []),
    cancellationTerm(lang, brief.refundUntil),
  ];
}

/** The convocation (the button), the calendar file, directions and the learner's bookings. */
function convocationLinks(lang: Lang, brief: ConvocationBrief): { action: MailLink; links: MailLink[] } {
  const fr = lang === 'fr';
  return {
    action: { label: fr ? 'Télécharger ma convocation' : 'Download my convocation', url: brief.links.convocation },
    links: [
      { label: fr ? 'Ajouter à mon agenda' : 'Add to my calendar', url: brief.links.calendar },
      ...(brief.links.directions ? [{ label: fr ? 'Itinéraire jusqu’au lieu du stage' : 'Directions to the course', url: brief.links.directions }] : []),
      { label: fr ? 'Voir mes réservations' : 'View my bookings', url: brief.links.dashboard },
    ],
  };
}

export function verifyEmailMail(lang: Lang, to: string, firstName: string, url: string): MailMessage {
  return lang === 'fr'
    ? message('verify-email', lang, to, "Vérifiez votre adresse e-mail — Récup'Points", [
        hello.fr(firstName),
        "Bienvenue sur Récup'Points. Pour activer votre compte et pouvoir vous connecter, confirmez votre adresse e-mail.",
        'Ce lien est valable 24 heures.',
      ], { label: 'Vérifier mon adresse e-mail', url })
    : message('verify-email', lang, to, "Verify your e-mail address — Récup'Points", [
        hello.en(firstName),
        "Welcome to Récup'Points. To activate your account and sign in, please confirm your e-mail address.",
        'This link is valid for 24 hours.',
      ], { label: 'Verify my e-mail address', url });
}

/** Sent instead of a second account: the address already has one. */
export function accountExistsMail(lang: Lang, to: string, signInUrl: string, resetUrl: string): MailMessage {
  return lang === 'fr'
    ? message('account-exists', lang, to, "Vous avez déjà un compte Récup'Points", [
        'Bonjour,',
        "Quelqu'un (sans doute vous) a tenté de créer un compte avec cette adresse e-mail, mais un compte existe déjà : aucun nouveau compte n'a été créé.",
        `Connectez-vous sur ${signInUrl}. Mot de passe oublié ? Choisissez-en un nouveau avec le bouton ci-dessous.`,
        "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.",
      ], { label: 'Réinitialiser mon mot de passe', url: resetUrl })
    : message('account-exists', lang, to, "You already have a Récup'Points account", [
        'Hello,',
        'Someone (probably you) tried to create an account with this e-mail address, but an account already exists: no new account was created.',
        `Sign in at ${signInUrl}. Forgot your password? Choose a new one with the button below.`,
        'If you did not make this request, you can ignore this e-mail.',
      ], { label: 'Reset my password', url: resetUrl });
}

export function resetPasswordMail(lang: Lang, to: string, firstName: string, url: string): MailMessage {
  return lang === 'fr'
    ? message('reset-password', lang, to, "Réinitialisation de votre mot de passe — Récup'Points", [
        hello.fr(firstName),
        'Vous avez demandé à choisir un nouveau mot de passe. Ce lien est valable 30 minutes et ne sert qu’une fois.',
        "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
      ], { label: 'Choisir un nouveau mot de passe', url })
    : message('reset-password', lang, to, "Reset your password — Récup'Points", [
        hello.en(firstName),
        'You asked to choose a new password. This link is valid for 30 minutes and works only once.',
        'If you did not make this request, ignore this e-mail: your password stays the same.',
      ], { label: 'Choose a new password', url });
}

export function bookingApprovedMail(lang: Lang, to: string, firstName: string, brief: ConvocationBrief): MailMessage {
  const { action, links } = convocationLinks(lang, brief);
  const { course, reference } = brief;
  return lang === 'fr'
    ? message('booking-approved', lang, to, "Votre réservation est confirmée : votre convocation — Récup'Points", [
        hello.fr(firstName),
        `Le centre de formation a confirmé votre réservation ${reference} du stage de ${course.title}, ${course.dates}. Voici votre convocation : gardez-la et apportez-la le premier jour.`,
        ...convocationParagraphs(lang, brief),
      ], action, links)
    : message('booking-approved', lang, to, "Your booking is confirmed: your convocation — Récup'Points", [
        hello.en(firstName),
        `The training centre has confirmed your booking ${reference} for the course in ${course.title}, ${course.dates}. Here is your convocation: keep it and bring it on the first day.`,
        ...convocationParagraphs(lang, brief),
      ], action, links);
}

export function bookingConfirmedMail(lang: Lang, to: string, firstName: string, brief: ConvocationBrief): MailMessage {
  const { action, links } = convocationLinks(lang, brief);
  const { course, reference } = brief;
  return lang === 'fr'
    ? message('booking-confirmed', lang, to, "Paiement reçu : votre stage est réservé — Récup'Points", [
        hello.fr(firstName),
        `Nous avons bien reçu votre paiement. Votre place au stage de ${course.title}, ${course.dates}, est confirmée (réservation ${reference}). Voici votre convocation : gardez-la et apportez-la le premier jour.`,
        ...convocationParagraphs(lang, brief),
      ], action, links)
    : message('booking-confirmed', lang, to, "Payment received: your course is booked — Récup'Points", [
        hello.en(firstName),
        `We have received your payment. Your place on the course in ${course.title}, ${course.dates}, is confirmed (booking ${reference}). Here is your convocation: keep it and bring it on the first day.`,
        ...convocationParagraphs(lang, brief),
      ], action, links);
}

/** A week before the course, and the day before (REMINDER_DAYS): the convocation's essentials again, with its links. */
export function bookingReminderMail(lang: Lang, to: string, firstName: string, brief: ConvocationBrief, daysBefore: number): MailMessage {
  const { action, links } = convocationLinks(lang, brief);
  const { course, reference } = brief;
  const when = lang === 'fr'
    ? (daysBefore === 1 ? 'demain' : `dans ${daysBefore} jours`)
    : (daysBefore === 1 ? 'tomorrow' : `in ${daysBefore} days`);
  return lang === 'fr'
    ? message('booking-reminder', lang, to, `Votre stage commence ${when} — Récup'Points`, [
        hello.fr(firstName),
        `Votre stage de récupération de points de ${course.title} commence ${when} : ${course.dates} (réservation ${reference}).`,
        ...convocationParagraphs(lang, brief),
      ], action, links)
    : message('booking-reminder', lang, to, `Your course starts ${when} — Récup'Points`, [
        hello.en(firstName),
        `Your points recovery course in ${course.title} starts ${when}: ${course.dates} (booking ${reference}).`,
        ...convocationParagraphs(lang, brief),
      ], action, links);
}

/**
 * The day after the course: when the points should be credited (DOMAIN.md: from the day after the course, recorded
 * by the préfet within about a month of the certificate) and where to check them (the official site).
 */
export function courseFollowUpMail(lang: Lang, to: string, firstName: string, course: CourseLine, reference: string, dashboardUrl: string): MailMessage {
  const points: MailLink = { label: lang === 'fr' ? 'Consulter mon solde de points (ANTS, Télépoints)' : 'Check my points balance (ANTS, Télépoints)', url: ANTS_POINTS_URL };
  const bookings: MailLink[] = [{ label: lang === 'fr' ? 'Voir mes réservations' : 'View my bookings', url: dashboardUrl }];
  return lang === 'fr'
    ? message('course-follow-up', lang, to, "Après votre stage : quand vos points seront crédités — Récup'Points", [
        hello.fr(firstName),
        `Merci d’avoir suivi le stage de ${course.title}, ${course.dates} (réservation ${reference}).`,
        'Si vous avez assisté aux deux journées entières, le centre transmet votre attestation de stage à la préfecture dans les 15 jours. Les points (jusqu’à 4, sans dépasser le plafond de votre permis) comptent à partir du lendemain du stage ; ils apparaissent en général sur votre solde dans un délai d’environ un mois.',
        'Vous pouvez consulter votre solde de points sur le service officiel Télépoints, sur le site de l’ANTS (permisdeconduire.ants.gouv.fr), avec votre compte ANTS ou FranceConnect.',
        'Un stage suivi sur décision de justice ou dans le cadre d’une composition pénale, ou moins d’un an après un précédent stage, ne donne pas de points.',
      ], points, bookings)
    : message('course-follow-up', lang, to, "After your course: when your points will be credited — Récup'Points", [
        hello.en(firstName),
        `Thank you for attending the course in ${course.title}, ${course.dates} (booking ${reference}).`,
        'If you attended both full days, the centre sends your course certificate to the prefecture within 15 days. The points (up to 4, never above your licence’s maximum) count from the day after the course; they usually show on your balance within about a month.',
        'You can check your points balance on the official Télépoints service, on the ANTS website (permisdeconduire.ants.gouv.fr), with your ANTS or FranceConnect account.',
        'A course taken on a court’s order or as part of a penal settlement, or less than a year after a previous course, gives no points.',
      ], points, bookings);
}

/**
 * The learner completed the course (present at its four half-days, issue 20 §2): the attestation, with its link; for
 * the 48N case, how to claim the fine's refund (the same text as the attestation prints).
 */
export function attestationMail(lang: Lang, to: string, firstName: string, course: CourseLine, reference: string, attestationUrl: string, dashboardUrl: string, probation48N: boolean): MailMessage {
  const fr = lang === 'fr';
  const action: MailLink = { label: fr ? 'Télécharger mon attestation de stage' : 'Download my course attestation', url: attestationUrl };
  const links: MailLink[] = [{ label: fr ? 'Voir mes réservations' : 'View my bookings', url: dashboardUrl }];
  const refund = fineRefundSteps(lang);
  const refundParagraphs = probation48N ? [refund.title, refund.intro, ...refund.steps.map((step, i) => `${i + 1}. ${step}`)] : [];
  return fr
    ? message('course-attestation', lang, to, "Votre attestation de stage — Récup'Points", [
        hello.fr(firstName),
        `Vous avez suivi en entier le stage de ${course.title}, ${course.dates} (réservation ${reference}). Votre attestation de suivi de stage est prête : téléchargez-la et gardez-la.`,
        'Le centre en transmet une copie à la préfecture dans les 15 jours ; les points comptent à partir du lendemain du stage.',
        ...refundParagraphs,
      ], action, links)
    : message('course-attestation', lang, to, "Your course attestation — Récup'Points", [
        hello.en(firstName),
        `You attended the whole course in ${course.title}, ${course.dates} (booking ${reference}). Your course attestation is ready: download it and keep it.`,
        'The centre sends a copy to the prefecture within 15 days; the points count from the day after the course.',
        ...refundParagraphs,
      ], action, links);
}

const cancelledMoneyFr: Record<CancelledMoney, string> = {
  refunded: 'Vous serez remboursé(e) intégralement sur la carte utilisée ; un e-mail vous le confirmera.',
  notCharged: 'Cette réservation n’avait pas été payée en ligne : aucun montant n’a été débité.',
  notRefunded: 'L’annulation intervenant moins de 72 heures avant le début du stage, elle ne donne pas lieu à remboursement.',
  paidAtCentre: 'Vous aviez réglé cette réservation au centre de formation : c’est lui qui vous la rembourse, s’il y a lieu ; contactez-le.',
};
const cancelledMoneyEn: Record<CancelledMoney, string> = {
  refunded: 'You will be refunded in full on the card you used; an e-mail will confirm it.',
  notCharged: 'This booking had not been paid online: nothing was charged.',
  notRefunded: 'As the cancellation came less than 72 hours before the course, it is not refunded.',
  paidAtCentre: 'You paid for this booking at the training centre: the centre refunds it where due; please contact it.',
};

export function bookingCancelledMail(lang: Lang, to: string, firstName: string, course: CourseLine, reference: string, money: CancelledMoney, dashboardUrl: string): MailMessage {
  return lang === 'fr'
    ? message('booking-cancelled', lang, to, "Votre réservation est annulée — Récup'Points", [
        hello.fr(firstName),
        `Votre réservation ${reference} pour le stage de ${course.title}, ${course.dates}, est annulée, et la place a été libérée.`,
        cancelledMoneyFr[money],
      ], { label: 'Voir mes réservations', url: dashboardUrl })
    : message('booking-cancelled', lang, to, "Your booking is cancelled — Récup'Points", [
        hello.en(firstName),
        `Your booking ${reference} for the course in ${course.title}, ${course.dates}, is cancelled, and the place has been released.`,
        cancelledMoneyEn[money],
      ], { label: 'View my bookings', url: dashboardUrl });
}

export function paymentRefundedMail(lang: Lang, to: string, firstName: string, amount: string, reference: string): MailMessage {
  return lang === 'fr'
    ? message('payment-refunded', lang, to, "Remboursement effectué — Récup'Points", [
        hello.fr(firstName),
        `Nous avons remboursé ${amount} pour la réservation ${reference}. Selon votre banque, le montant apparaît sur votre compte sous 5 à 10 jours.`,
      ], null)
    : message('payment-refunded', lang, to, "Refund made — Récup'Points", [
        hello.en(firstName),
        `We have refunded ${amount} for booking ${reference}. Depending on your bank, it shows on your account within 5 to 10 days.`,
      ], null);
}

export function bookingExpiredMail(lang: Lang, to: string, firstName: string, course: CourseLine, coursesUrl: string): MailMessage {
  return lang === 'fr'
    ? message('booking-expired', lang, to, "Réservation non payée : place libérée — Récup'Points", [
        hello.fr(firstName),
        `Votre réservation pour le stage de ${course.title}, ${course.dates}, n’a pas été payée à temps : la place a été libérée. Aucun montant n’a été débité.`,
        'Vous pouvez réserver à nouveau, s’il reste des places.',
      ], { label: 'Réserver à nouveau', url: coursesUrl })
    : message('booking-expired', lang, to, "Unpaid booking: place released — Récup'Points", [
        hello.en(firstName),
        `Your booking for the course in ${course.title}, ${course.dates}, was not paid in time: the place has been released. Nothing was charged.`,
        'You can book again if places remain.',
      ], { label: 'Book again', url: coursesUrl });
}

/**
 * The centre that runs a course the learner booked and has not paid yet is no longer verified: nothing of it can be
 * paid online any more. The learner may cancel the booking, or let its hold run out.
 */
export function bookingNoLongerPayableMail(lang: Lang, to: string, firstName: string, course: CourseLine, reference: string, dashboardUrl: string): MailMessage {
  return lang === 'fr'
    ? message('booking-seller-unverified', lang, to, "Votre réservation ne peut plus être payée en ligne — Récup'Points", [
        hello.fr(firstName),
        `Le centre qui organise le stage de ${course.title}, ${course.dates}, n’est plus vérifié par nos administrateurs : il ne peut plus recevoir de paiement en ligne, et votre réservation ${reference}, qui n’est pas payée, ne peut plus l’être.`,
        'Rien ne vous a été débité. Vous pouvez annuler cette réservation depuis votre espace ; sinon, sa place sera libérée d’elle-même à la fin du délai de paiement. Si le centre la confirme lui-même, il vous le dira et vous la réglerez auprès de lui.',
        'D’autres stages vous attendent sur le site.',
      ], { label: 'Voir mes réservations', url: dashboardUrl })
    : message('booking-seller-unverified', lang, to, "Your booking can no longer be paid online — Récup'Points", [
        hello.en(firstName),
        `The centre that runs the course in ${course.title}, ${course.dates}, is no longer verified by our administrators: it can no longer take online payments, and your booking ${reference}, which is not paid, can no longer be paid.`,
        'Nothing was charged to you. You can cancel this booking from your account; otherwise its place will be released by itself when the time to pay runs out. If the centre confirms it itself, you will be told and will pay the centre directly.',
        'Other courses are waiting for you on the site.',
      ], { label: 'View my bookings', url: dashboardUrl });
}

/** Another course offered to a learner whose course was cancelled: where and when, its price, and the page that books it in its place. */
export type AlternativeCourse = { title: string; dates: string; distanceKm: number | null; price: string; url: string };

/**
 * The centre (or an administrator) cancelled the course itself: the learner did nothing wrong. Their money is
 * refunded online, was never taken, or was paid at the centre, which refunds it. The nearest courses with a free
 * place (by distance, then date) are offered, each a link to its page where one click books it in place of the
 * cancelled booking (a new booking: the cancelled one is refunded in full).
 */
export function courseCancelledMail(
  lang: Lang, to: string, firstName: string, course: CourseLine, reference: string, money: 'refunded' | 'notCharged' | 'paidAtCentre', coursesUrl: string,
  alternatives: AlternativeCourse[] = [],
): MailMessage {
  const km = (distance: number | null) => (distance === null ? '' : lang === 'fr' ? ` (à ${Math.round(distance)} km)` : ` (${Math.round(distance)} km away)`);
  const choices = alternatives.map((alternative) => ({
    label: `${alternative.title}${km(alternative.distanceKm)}, ${alternative.dates}, ${alternative.price}`,
    url: alternative.url,
  }));
  return lang === 'fr'
    ? message('course-cancelled', lang, to, "Stage annulé par le centre — Récup'Points", [
        hello.fr(firstName),
        `Nous sommes désolés : le stage de ${course.title}, ${course.dates}, a été annulé par le centre de formation. Votre réservation ${reference} est donc annulée.`,
        { refunded: 'Vous serez remboursé(e) intégralement sur la carte utilisée ; un e-mail vous le confirmera.', notCharged: 'Aucun montant ne vous a été débité pour cette réservation.', paidAtCentre: 'Vous aviez réglé cette réservation au centre de formation : contactez-le pour son remboursement.' }[money],
        ...(choices.length > 0
          ? ['Voici les stages les plus proches qui ont encore des places. Un clic ouvre la page du stage, prête à le réserver à la place de celui qui a été annulé :']
          : ['Vous pouvez choisir un autre stage près de chez vous.']),
      ], { label: 'Trouver un autre stage', url: coursesUrl }, [], choices)
    : message('course-cancelled', lang, to, "Course cancelled by the centre — Récup'Points", [
        hello.en(firstName),
        `We are sorry: the course in ${course.title}, ${course.dates}, has been cancelled by the training centre. Your booking ${reference} is therefore cancelled.`,
        { refunded: 'You will be refunded in full on the card you used; an e-mail will confirm it.', notCharged: 'Nothing was charged for this booking.', paidAtCentre: 'You paid for this booking at the training centre: please contact it for your refund.' }[money],
        ...(choices.length > 0
          ? ['Here are the nearest courses that still have places. One click opens the course’s page, ready to book it in place of the one cancelled:']
          : ['You can choose another course near you.']),
      ], { label: 'Find another course', url: coursesUrl }, [], choices);
}

/** What a move did to the money, as its e-mail says it. */
export type MoveMoneyLine = { kind: 'none' } | { kind: 'refund'; amount: string } | { kind: 'paid'; amount: string } | { kind: 'dueAtCentre'; amount: string };

/**
 * The booking moved to another date (issue 19 §4): by the learner (a confirmation), or by the centre or an
 * administrator (the learner is told). Same reference; the new course, the one it replaces, and the money. `documents`:
 * the booking's convocation and calendar file, which now name the new course (the calendar's events updated in place).
 */
export function bookingMovedMail(
  lang: Lang, to: string, firstName: string, input: { reference: string; from: CourseLine; to: CourseLine; by: 'learner' | 'centre' | 'admin'; money: MoveMoneyLine }, dashboardUrl: string,
  documents: { convocation: string; calendar: string } | null = null,
): MailMessage {
  const links = (fr: boolean): MailLink[] => (documents
    ? [
        { label: fr ? 'Télécharger ma nouvelle convocation' : 'Download my new convocation', url: documents.convocation },
        { label: fr ? 'Mettre à jour mon agenda' : 'Update my calendar', url: documents.calendar },
      ]
    : []);
  const { reference, from, to: target, by, money } = input;
  if (lang === 'fr') {
    const who = by === 'learner' ? 'Votre changement de date est enregistré.' : by === 'centre' ? 'Le centre de formation a changé la date de votre stage.' : 'Notre équipe a changé la date de votre stage.';
    const moneyLine = money.kind === 'refund' ? `Le nouveau stage étant moins cher, la différence de ${money.amount} vous est remboursée sur la carte utilisée.`
      : money.kind === 'paid' ? `Vous avez réglé la différence de ${money.amount} par carte.`
      : money.kind === 'dueAtCentre' ? `Le montant à régler au centre est désormais de ${money.amount}.`
      : 'Le prix ne change pas : aucun paiement ni remboursement.';
    return message('booking-moved', lang, to, "Votre stage change de date — Récup'Points", [
      hello.fr(firstName),
      who,
      `Votre réservation ${reference} est désormais pour le stage de ${target.title}, ${target.dates}, au lieu du stage de ${from.title}, ${from.dates}.`,
      moneyLine,
      ...(by === 'learner' ? [] : ['Si cette date ne vous convient pas, contactez le centre de formation ou changez-la depuis votre espace.']),
    ], { label: 'Voir mes réservations', url: dashboardUrl }, links(true));
  }
  const who = by === 'learner' ? 'Your change of date is recorded.' : by === 'centre' ? 'The training centre has changed the date of your course.' : 'Our team has changed the date of your course.';
  const moneyLine = money.kind === 'refund' ? `As the new course is cheaper, the difference of ${money.amount} is refunded on the card you used.`
    : money.kind === 'paid' ? `You paid the difference of ${money.amount} by card.`
    : money.kind === 'dueAtCentre' ? `The amount to pay at the centre is now ${money.amount}.`
    : 'The price is the same: nothing is charged or refunded.';
  return message('booking-moved', lang, to, "Your course date has changed — Récup'Points", [
    hello.en(firstName),
    who,
    `Your booking ${reference} is now for the course in ${target.title}, ${target.dates}, instead of the course in ${from.title}, ${from.dates}.`,
    moneyLine,
    ...(by === 'learner' ? [] : ['If this date does not suit you, contact the training centre or change it from your account.']),
  ], { label: 'View my bookings', url: dashboardUrl }, links(false));
}

// ── The waiting list: a place held for the first in line ─────────────────────────────────────────────────

/**
 * A place freed on a full course is held for the learner, first in line, until `until` (the offer's end, in
 * Paris time, as `mailDay`/`mailTime` write it): they book it from the course page as any booking.
 */
export function spotOfferedMail(lang: Lang, to: string, firstName: string, course: CourseLine, until: string, bookUrl: string): MailMessage {
  return lang === 'fr'
    ? message('spot-offered', lang, to, "Une place s'est libérée pour vous — Récup'Points", [
        hello.fr(firstName),
        `Bonne nouvelle : une place s’est libérée au stage de ${course.title}, ${course.dates}, et vous êtes le premier ou la première de la liste d’attente.`,
        `Elle vous est réservée jusqu’au ${until} (heure de Paris). Réservez-la d’ici là depuis la page du stage, comme toute réservation ; passé ce délai, elle sera proposée à la personne suivante.`,
        'Si vous ne souhaitez plus ce stage, quittez la liste d’attente depuis votre espace : la place ira aussitôt à la personne suivante.',
      ], { label: 'Réserver ma place', url: bookUrl })
    : message('spot-offered', lang, to, "A place has freed up for you — Récup'Points", [
        hello.en(firstName),
        `Good news: a place has freed up on the course in ${course.title}, ${course.dates}, and you are first on its waiting list.`,
        `It is held for you until ${until} (Paris time). Book it by then from the course page, as any booking; after that, it will be offered to the next person in line.`,
        'If you no longer want this course, leave the waiting list from your account: the place will go to the next person at once.',
      ], { label: 'Book my place', url: bookUrl });
}

/** The place held for the learner was not booked in time: it went to the next in line, and the learner left the list. */
export function spotOfferExpiredMail(lang: Lang, to: string, firstName: string, course: CourseLine, courseUrl: string): MailMessage {
  return lang === 'fr'
    ? message('spot-offer-expired', lang, to, "La place qui vous était réservée a été proposée à quelqu'un d'autre — Récup'Points", [
        hello.fr(firstName),
        `La place qui vous était réservée au stage de ${course.title}, ${course.dates}, n’a pas été réservée à temps : elle a été proposée à la personne suivante de la liste d’attente, et vous avez quitté cette liste.`,
        'Si ce stage vous intéresse toujours, vous pouvez rejoindre à nouveau sa liste d’attente depuis sa page, ou réserver s’il reste des places.',
      ], { label: 'Voir le stage', url: courseUrl })
    : message('spot-offer-expired', lang, to, "The place held for you went to someone else — Récup'Points", [
        hello.en(firstName),
        `The place held for you on the course in ${course.title}, ${course.dates}, was not booked in time: it has been offered to the next person on the waiting list, and you have left that list.`,
        'If you still want this course, you can join its waiting list again from its page, or book if places remain.',
      ], { label: 'View the course', url: courseUrl });
}

// ── The training centre's own news: its verification and its identity (sent to the account that runs it) ──

/** An administrator withdrew the centre's verification: its courses leave the site and take no booking; bookings made stay. */
export function centreVerificationWithdrawnMail(lang: Lang, to: string, centreUrl: string): MailMessage {
  return lang === 'fr'
    ? message('centre-verification-withdrawn', lang, to, "Vérification de votre centre retirée — Récup'Points", [
        'Bonjour,',
        "Un administrateur de Récup'Points a retiré la vérification de votre centre de formation. Tant qu’il n’est pas vérifié à nouveau, ses stages n’apparaissent plus dans la recherche ni sur le site, et ne peuvent plus être réservés ; vous ne pouvez pas en publier de nouveaux.",
        'Les réservations déjà faites restent valables : vous pouvez toujours les consulter et les confirmer depuis votre espace. Celles qui ne sont pas encore payées ne peuvent plus l’être en ligne ; leurs stagiaires en sont informés.',
        'Contactez-nous pour en connaître la raison et faire vérifier votre centre à nouveau.',
      ], { label: 'Ouvrir mon espace centre', url: centreUrl })
    : message('centre-verification-withdrawn', lang, to, "Your centre's verification was withdrawn — Récup'Points", [
        'Hello,',
        "A Récup'Points administrator has withdrawn your training centre's verification. Until it is verified again, its courses no longer appear in the search or on the site and cannot be booked; you cannot publish new ones.",
        'Bookings already made remain valid: you can still view and confirm them from your area. Those not paid yet can no longer be paid online; their learners are told.',
        'Contact us to learn why and to have your centre verified again.',
      ], { label: 'Open my centre area', url: centreUrl });
}

/** The centre is verified again: its courses are back in the search and take bookings. */
export function centreVerifiedAgainMail(lang: Lang, to: string, centreUrl: string): MailMessage {
  return lang === 'fr'
    ? message('centre-verified-again', lang, to, "Votre centre est de nouveau vérifié — Récup'Points", [
        'Bonjour,',
        'Votre centre de formation est de nouveau vérifié : ses stages à venir sont de nouveau proposés dans la recherche et peuvent être réservés, et vous pouvez en publier de nouveaux.',
      ], { label: 'Ouvrir mon espace centre', url: centreUrl })
    : message('centre-verified-again', lang, to, "Your centre is verified again — Récup'Points", [
        'Hello,',
        'Your training centre is verified again: its upcoming courses are offered in the search and can be booked again, and you can publish new ones.',
      ], { label: 'Open my centre area', url: centreUrl });
}

/** An administrator approved the centre's change of name, address or approval number. */
export function centreIdentityApprovedMail(lang: Lang, to: string, profileUrl: string): MailMessage {
  return lang === 'fr'
    ? message('centre-identity-approved', lang, to, "Modification de votre centre approuvée — Récup'Points", [
        'Bonjour,',
        'Un administrateur a approuvé la modification du nom, de l’adresse ou de l’agrément préfectoral de votre centre que vous aviez demandée.',
        'Les nouvelles informations figurent désormais sur votre profil et sur vos stages, et sur les factures émises à partir de maintenant.',
      ], { label: 'Voir le profil du centre', url: profileUrl })
    : message('centre-identity-approved', lang, to, "Change to your centre approved — Récup'Points", [
        'Hello,',
        "An administrator has approved the change to your centre's name, address or prefectoral approval that you asked for.",
        'The new details now appear on your profile and your courses, and on the invoices issued from now on.',
      ], { label: "View the centre's profile", url: profileUrl });
}

/** An administrator rejected the centre's change of name, address or approval number: its details stay as they were. */
export function centreIdentityRejectedMail(lang: Lang, to: string, profileUrl: string): MailMessage {
  return lang === 'fr'
    ? message('centre-identity-rejected', lang, to, "Modification de votre centre refusée — Récup'Points", [
        'Bonjour,',
        'Un administrateur n’a pas approuvé la modification du nom, de l’adresse ou de l’agrément préfectoral de votre centre que vous aviez demandée.',
        'Les informations actuelles de votre centre restent en vigueur. Contactez-nous si vous pensez qu’il s’agit d’une erreur, ou faites une nouvelle demande depuis votre profil.',
      ], { label: 'Voir le profil du centre', url: profileUrl })
    : message('centre-identity-rejected', lang, to, "Change to your centre rejected — Récup'Points", [
        'Hello,',
        "An administrator did not approve the change to your centre's name, address or prefectoral approval that you asked for.",
        "Your centre's current details remain in force. Contact us if you think this is a mistake, or make a new request from your profile.",
      ], { label: "View the centre's profile", url: profileUrl });
}

/**
 * The centre is reminded that a course's pack for the prefecture is due (issue 20 §3): 10 days after the course
 * (`daysLeft` 5) and on its last day (0). `deadline` is written out ("lundi 21 décembre 2026").
 */
export function prefecturePackDueMail(lang: Lang, to: string, course: CourseLine, deadline: string, lastDay: boolean, packUrl: string, dashboardUrl: string): MailMessage {
  const fr = lang === 'fr';
  const action: MailLink = { label: fr ? 'Télécharger le dossier de la préfecture' : 'Download the prefecture’s pack', url: packUrl };
  const links: MailLink[] = [{ label: fr ? 'Ouvrir mon espace centre (marquer le dossier envoyé)' : 'Open my centre area (mark the pack sent)', url: dashboardUrl }];
  return fr
    ? message('prefecture-pack-due', lang, to, lastDay ? "Dernier jour : dossier de la préfecture à envoyer — Récup'Points" : "Dossier de la préfecture à envoyer — Récup'Points", [
        'Bonjour,',
        lastDay
          ? `C’est aujourd’hui, ${deadline}, le dernier jour pour envoyer à la préfecture le dossier du stage de ${course.title}, ${course.dates}.`
          : `Le dossier du stage de ${course.title}, ${course.dates}, est à envoyer à la préfecture au plus tard le ${deadline}.`,
        'Il comprend la feuille d’émargement signée et tamponnée, l’attestation de chaque stagiaire qui a suivi le stage et la copie de sa pièce d’identité (démarche en ligne de l’ANTS). Le dossier à télécharger réunit la feuille, les attestations et un récapitulatif.',
        'Une fois le dossier envoyé, marquez-le comme envoyé dans votre espace centre : les rappels s’arrêtent.',
      ], action, links)
    : message('prefecture-pack-due', lang, to, lastDay ? "Last day: the prefecture's pack is due — Récup'Points" : "The prefecture's pack is due — Récup'Points", [
        'Hello,',
        lastDay
          ? `Today, ${deadline}, is the last day to send the prefecture the pack of the course in ${course.title}, ${course.dates}.`
          : `The pack of the course in ${course.title}, ${course.dates}, is to be sent to the prefecture by ${deadline} at the latest.`,
        'It holds the signed and stamped attendance sheet, the attestation of each trainee who completed the course and a copy of their ID (ANTS online procedure). The pack to download gathers the sheet, the attestations and a summary.',
        'Once the pack is sent, mark it sent in your centre area: the reminders stop.',
      ], action, links);
}

// ── The centre is told (issue 20 §5, §7): to the centre's address, in its language or French ──────────────

/** A booking as the centre's e-mails name it: its reference and its course. */
type CentreBookingLine = { reference: string; course: CourseLine; confirmed: number; totalSpots: number };

const centreFooterNote = {
  fr: 'Vous pouvez choisir les e-mails que reçoit votre centre dans son profil.',
  en: "You can choose which e-mails your centre receives in its profile.",
};

/** A learner's booking of one of the centre's courses is confirmed (paid online). */
export function centreNewBookingMail(lang: Lang, to: string, booking: CentreBookingLine, bookingsUrl: string, profileUrl: string): MailMessage {
  return lang === 'fr'
    ? message('centre-new-booking', lang, to, `Nouvelle réservation confirmée ${booking.reference} — Récup'Points`, [
        'Bonjour,',
        `Une réservation (${booking.reference}) est confirmée pour votre stage « ${booking.course.title} », ${booking.course.dates}.`,
        `Places confirmées : ${booking.confirmed} sur ${booking.totalSpots}.`,
        centreFooterNote.fr,
      ], { label: 'Voir les réservations', url: bookingsUrl }, [{ label: 'Choisir mes e-mails', url: profileUrl }])
    : message('centre-new-booking', lang, to, `New confirmed booking ${booking.reference} — Récup'Points`, [
        'Hello,',
        `A booking (${booking.reference}) is confirmed for your course "${booking.course.title}", ${booking.course.dates}.`,
        `Confirmed places: ${booking.confirmed} of ${booking.totalSpots}.`,
        centreFooterNote.en,
      ], { label: 'View the bookings', url: bookingsUrl }, [{ label: 'Choose my e-mails', url: profileUrl }]);
}

/** A learner's booking of one of the centre's courses was cancelled (by the learner or an administrator). */
export function centreBookingCancelledMail(lang: Lang, to: string, booking: CentreBookingLine, bookingsUrl: string, profileUrl: string): MailMessage {
  return lang === 'fr'
    ? message('centre-booking-cancelled', lang, to, `Réservation annulée ${booking.reference} — Récup'Points`, [
        'Bonjour,',
        `La réservation ${booking.reference} de votre stage « ${booking.course.title} », ${booking.course.dates}, est annulée : sa place est de nouveau libre.`,
        `Places confirmées : ${booking.confirmed} sur ${booking.totalSpots}.`,
        centreFooterNote.fr,
      ], { label: 'Voir les réservations', url: bookingsUrl }, [{ label: 'Choisir mes e-mails', url: profileUrl }])
    : message('centre-booking-cancelled', lang, to, `Booking cancelled ${booking.reference} — Récup'Points`, [
        'Hello,',
        `Booking ${booking.reference} of your course "${booking.course.title}", ${booking.course.dates}, is cancelled: its place is free again.`,
        `Confirmed places: ${booking.confirmed} of ${booking.totalSpots}.`,
        centreFooterNote.en,
      ], { label: 'View the bookings', url: bookingsUrl }, [{ label: 'Choose my e-mails', url: profileUrl }]);
}

/** A booking moved from one course to another (by the learner or an administrator); the centre of either course is told. */
export function centreBookingMovedMail(lang: Lang, to: string, move: { reference: string; from: CourseLine; to: CourseLine }, bookingsUrl: string, profileUrl: string): MailMessage {
  return lang === 'fr'
    ? message('centre-booking-moved', lang, to, `Réservation déplacée ${move.reference} — Récup'Points`, [
        'Bonjour,',
        `La réservation ${move.reference} a changé de stage : elle quitte « ${move.from.title} », ${move.from.dates}, pour « ${move.to.title} », ${move.to.dates}.`,
        centreFooterNote.fr,
      ], { label: 'Voir les réservations', url: bookingsUrl }, [{ label: 'Choisir mes e-mails', url: profileUrl }])
    : message('centre-booking-moved', lang, to, `Booking moved ${move.reference} — Récup'Points`, [
        'Hello,',
        `Booking ${move.reference} changed course: it leaves "${move.from.title}", ${move.from.dates}, for "${move.to.title}", ${move.to.dates}.`,
        centreFooterNote.en,
      ], { label: 'View the bookings', url: bookingsUrl }, [{ label: 'Choose my e-mails', url: profileUrl }]);
}

/** Ten days before a course, fewer than the minimum are confirmed: the centre decides whether to hold, move or cancel it. */
export function centreLowEnrolmentMail(lang: Lang, to: string, course: CourseLine & { participants: number; minimum: number }, courseUrl: string, profileUrl: string): MailMessage {
  return lang === 'fr'
    ? message('centre-low-enrolment', lang, to, `Stage en sous-effectif : ${course.participants} inscrit(s) sur ${course.minimum} minimum — Récup'Points`, [
        'Bonjour,',
        `Votre stage « ${course.title} », ${course.dates}, ne compte que ${course.participants} participant(s) confirmé(s) à 10 jours de son début. Un stage ne peut se tenir qu’avec au moins ${course.minimum} stagiaires.`,
        'Décidez dès maintenant : le maintenir (s’il peut encore se remplir), déplacer ses stagiaires vers un autre de vos stages, ou l’annuler — ses stagiaires sont alors prévenus et remboursés. Plus la décision est prise tôt, mieux ils peuvent s’organiser.',
        centreFooterNote.fr,
      ], { label: 'Ouvrir le stage', url: courseUrl }, [{ label: 'Choisir mes e-mails', url: profileUrl }])
    : message('centre-low-enrolment', lang, to, `Course short of participants: ${course.participants} of ${course.minimum} minimum — Récup'Points`, [
        'Hello,',
        `Your course "${course.title}", ${course.dates}, has only ${course.participants} confirmed participant(s) 10 days before it starts. A course can only be held with at least ${course.minimum} trainees.`,
        'Decide now: hold it (if it can still fill up), move its trainees to another of your courses, or cancel it — its trainees are then told and refunded. The earlier you decide, the better they can make other plans.',
        centreFooterNote.en,
      ], { label: 'Open the course', url: courseUrl }, [{ label: 'Choose my e-mails', url: profileUrl }]);
}

/** Sixty days before the centre's prefectoral approval ends. */
export function centreApprovalExpiringMail(lang: Lang, to: string, expires: { day: string; reference: string | null }, profileUrl: string): MailMessage {
  const ref = expires.reference ? ` (${expires.reference})` : '';
  return lang === 'fr'
    ? message('centre-approval-expiring', lang, to, `Votre agrément préfectoral prend fin le ${expires.day} — Récup'Points`, [
        'Bonjour,',
        `L’agrément préfectoral de votre centre${ref} prend fin le ${expires.day}. Un agrément est accordé pour 5 ans : demandez dès maintenant son renouvellement à la préfecture.`,
        "Une fois l’agrément expiré, votre centre ne pourra plus publier de stage sur Récup'Points. Envoyez-nous les dates du nouvel agrément dès qu’il vous est accordé : nous les enregistrerons.",
      ], { label: 'Voir le profil du centre', url: profileUrl })
    : message('centre-approval-expiring', lang, to, `Your prefectoral approval ends on ${expires.day} — Récup'Points`, [
        'Hello,',
        `Your centre's prefectoral approval${ref} ends on ${expires.day}. An approval is granted for 5 years: ask the prefecture to renew it now.`,
        "Once the approval has expired, your centre can no longer publish courses on Récup'Points. Send us the new approval's dates as soon as it is granted: we will record them.",
      ], { label: "View the centre's profile", url: profileUrl });
}

/** A centre that registered itself was verified by an administrator for the first time: it may publish. */
export function centreApprovedMail(lang: Lang, to: string, centreUrl: string): MailMessage {
  return lang === 'fr'
    ? message('centre-approved', lang, to, "Votre centre est validé — Récup'Points", [
        'Bonjour,',
        "Un administrateur de Récup'Points a validé votre centre de formation : vous pouvez dès maintenant publier vos stages, qui seront proposés dans la recherche et réservables en ligne.",
      ], { label: 'Ouvrir mon espace centre', url: centreUrl })
    : message('centre-approved', lang, to, "Your centre is approved — Récup'Points", [
        'Hello,',
        "A Récup'Points administrator has approved your training centre: you can now publish your courses, which will be offered in the search and can be booked online.",
      ], { label: 'Open my centre area', url: centreUrl });
}

/** To each administrator: a centre registered itself and waits for approval. `centre` is already mail-safe. */
export function adminCentreAwaitingApprovalMail(lang: Lang, to: string, centre: { name: string; city: string }, adminUrl: string): MailMessage {
  return lang === 'fr'
    ? message('admin-centre-awaiting-approval', lang, to, `Centre en attente de validation : ${centre.name} — Récup'Points`, [
        'Bonjour,',
        `Le centre « ${centre.name} » (${centre.city}) vient de s’inscrire et attend sa validation. Vérifiez son agrément préfectoral avant de le valider : il ne peut rien publier d’ici là.`,
      ], { label: 'Voir les centres en attente', url: adminUrl })
    : message('admin-centre-awaiting-approval', lang, to, `Centre awaiting approval: ${centre.name} — Récup'Points`, [
        'Hello,',
        `The centre "${centre.name}" (${centre.city}) has just registered and awaits approval. Check its prefectoral approval before approving it: it can publish nothing until then.`,
      ], { label: 'View the centres awaiting approval', url: adminUrl });
}
