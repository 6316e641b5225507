import type { MailMessage } from '@recup/infra/mail/port';
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

/** A choice an e-mail offers among several (each a link of the site's own, with its words). */
export type MailChoice = { label: string; url: string };

function choiceList(choices: MailChoice[]): string {
  if (choices.length === 0) return '';
  const items = choices.map((choice) => `<li style="margin:0 0 8px;line-height:1.5"><a href="${escape(choice.url)}" style="color:#0b3d91;font-weight:600">${escape(choice.label)}</a></li>`).join('');
  return `<ul style="margin:0 0 16px;padding-left:20px">${items}</ul>`;
}

function layout(lang: Lang, title: string, paragraphs: string[], action: { label: string; url: string } | null, footer: string, choices: MailChoice[] = []): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escape(p)}</p>`).join('') + choiceList(choices);
  const button = action
    ? `<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#0b3d91;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escape(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">${escape(lang === 'fr' ? 'Si le bouton ne fonctionne pas, copiez ce lien :' : 'If the button does not work, copy this link:')}<br>${escape(action.url)}</p>`
    : '';
  return `<!doctype html><html lang="${lang}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a2e;background:#f4f6fb;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;color:#0b3d91;margin:0 0 20px">${escape(title)}</h1>${body}${button}
<p style="margin:24px 0 0;font-size:12px;color:#777">${escape(footer)}</p></div></body></html>`;
}

/** A course as e-mails name it: its title and its two days with their hours (`mailCourseDates`), ready for a sentence. */
export type CourseLine = { title: string; dates: string };

/** What became of the money of a booking the learner cancelled. */
export type CancelledMoney = 'refunded' | 'notRefunded' | 'notCharged';

function message(kind: string, lang: Lang, to: string, subject: string, paragraphs: string[], action: { label: string; url: string } | null, choices: MailChoice[] = []): MailMessage {
  const footer = lang === 'fr'
    ? "Récup'Points — stages de récupération de points en Provence-Alpes-Côte d'Azur. Vous recevez cet e-mail suite à une demande faite avec votre adresse."
    : "Récup'Points — points recovery courses in Provence-Alpes-Côte d'Azur. You receive this e-mail because of a request made with your address.";
  const colon = lang === 'fr' ? ' : ' : ': ';
  const listed = choices.map((choice) => `- ${choice.label}${colon}${choice.url}`);
  const text = [...paragraphs, ...listed, ...(action ? ['', `${action.label} : ${action.url}`] : []), '', '—', footer].join('\n');
  return { kind, language: lang, to, subject, text, html: layout(lang, subject, paragraphs, action, footer, choices) };
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

export function bookingApprovedMail(lang: Lang, to: string, firstName: string, course: CourseLine, dashboardUrl: string): MailMessage {
  return lang === 'fr'
    ? message('booking-approved', lang, to, "Votre réservation est confirmée — Récup'Points", [
        hello.fr(firstName),
        `Le centre de formation a confirmé votre réservation du stage de ${course.title}, ${course.dates}.`,
        'Présentez-vous à 8h00 le premier jour avec une pièce d’identité et votre permis de conduire.',
      ], { label: 'Voir mes réservations', url: dashboardUrl })
    : message('booking-approved', lang, to, "Your booking is confirmed — Récup'Points", [
        hello.en(firstName),
        `The training centre has confirmed your booking for the course in ${course.title}, ${course.dates}.`,
        'Please arrive at 8:00 on the first day with an identity document and your driving licence.',
      ], { label: 'View my bookings', url: dashboardUrl });
}


export function bookingConfirmedMail(lang: Lang, to: string, firstName: string, course: CourseLine, reference: string, dashboardUrl: string): MailMessage {
  return lang === 'fr'
    ? message('booking-confirmed', lang, to, "Paiement reçu : votre stage est réservé — Récup'Points", [
        hello.fr(firstName),
        `Nous avons bien reçu votre paiement. Votre place au stage de ${course.title}, ${course.dates}, est confirmée (réservation ${reference}).`,
        'Le stage dure deux jours, de 8h à 12h et de 13h à 17h. Venez avec une pièce d’identité et votre permis de conduire.',
        'Vous pouvez annuler depuis votre espace ; l’annulation est remboursée jusqu’à 72 heures avant le début du stage.',
      ], { label: 'Voir mes réservations', url: dashboardUrl })
    : message('booking-confirmed', lang, to, "Payment received: your course is booked — Récup'Points", [
        hello.en(firstName),
        `We have received your payment. Your place on the course in ${course.title}, ${course.dates}, is confirmed (booking ${reference}).`,
        'The course lasts two days, 8:00 to 12:00 and 13:00 to 17:00. Bring an identity document and your driving licence.',
        'You can cancel from your account; a cancellation is refunded up to 72 hours before the course starts.',
      ], { label: 'View my bookings', url: dashboardUrl });
}

export function bookingCancelledMail(lang: Lang, to: string, firstName: string, course: CourseLine, reference: string, money: CancelledMoney, dashboardUrl: string): MailMessage {
  return lang === 'fr'
    ? message('booking-cancelled', lang, to, "Votre réservation est annulée — Récup'Points", [
        hello.fr(firstName),
        `Votre réservation ${reference} pour le stage de ${course.title}, ${course.dates}, est annulée, et la place a été libérée.`,
        money === 'refunded' ? 'Vous serez remboursé(e) intégralement sur la carte utilisée ; un e-mail vous le confirmera.' : money === 'notCharged' ? 'Cette réservation n’avait pas été payée en ligne : aucun montant n’a été débité.' : 'L’annulation intervenant moins de 72 heures avant le début du stage, elle ne donne pas lieu à remboursement.',
      ], { label: 'Voir mes réservations', url: dashboardUrl })
    : message('booking-cancelled', lang, to, "Your booking is cancelled — Récup'Points", [
        hello.en(firstName),
        `Your booking ${reference} for the course in ${course.title}, ${course.dates}, is cancelled, and the place has been released.`,
        money === 'refunded' ? 'You will be refunded in full on the card you used; an e-mail will confirm it.' : money === 'notCharged' ? 'This booking had not been paid online: nothing was charged.' : 'As the cancellation came less than 72 hours before the course, it is not refunded.',
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

/** Another course offered to a learner whose course was cancelled: where and when, its price, and the page that books it in its place. */
export type AlternativeCourse = { title: string; dates: string; distanceKm: number | null; price: string; url: string };

/**
 * The centre (or an administrator) cancelled the course itself: the learner did nothing wrong, and is refunded what
 * was paid. The nearest courses with a free place (by distance, then date) are offered, each a link to its page where
 * one click books it in place of the cancelled booking (a new booking: the cancelled one is refunded in full).
 */
export function courseCancelledMail(
  lang: Lang, to: string, firstName: string, course: CourseLine, reference: string, refundDue: boolean, coursesUrl: string, alternatives: AlternativeCourse[] = [],
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
        refundDue ? 'Vous serez remboursé(e) intégralement sur la carte utilisée ; un e-mail vous le confirmera.' : 'Aucun montant ne vous a été débité pour cette réservation.',
        ...(choices.length > 0
          ? ['Voici les stages les plus proches qui ont encore des places. Un clic ouvre la page du stage, prête à le réserver à la place de celui qui a été annulé :']
          : ['Vous pouvez choisir un autre stage près de chez vous.']),
      ], { label: 'Trouver un autre stage', url: coursesUrl }, choices)
    : message('course-cancelled', lang, to, "Course cancelled by the centre — Récup'Points", [
        hello.en(firstName),
        `We are sorry: the course in ${course.title}, ${course.dates}, has been cancelled by the training centre. Your booking ${reference} is therefore cancelled.`,
        refundDue ? 'You will be refunded in full on the card you used; an e-mail will confirm it.' : 'Nothing was charged for this booking.',
        ...(choices.length > 0
          ? ['Here are the nearest courses that still have places. One click opens the course’s page, ready to book it in place of the one cancelled:']
          : ['You can choose another course near you.']),
      ], { label: 'Find another course', url: coursesUrl }, choices);
}

/** What a move did to the money, as its e-mail says it. */
export type MoveMoneyLine = { kind: 'none' } | { kind: 'refund'; amount: string } | { kind: 'paid'; amount: string } | { kind: 'dueAtCentre'; amount: string };

/**
 * The booking moved to another date (issue 19 §4): by the learner (a confirmation), or by the centre or an
 * administrator (the learner is told). Same reference; the new course, the one it replaces, and the money.
 */
export function bookingMovedMail(
  lang: Lang, to: string, firstName: string, input: { reference: string; from: CourseLine; to: CourseLine; by: 'learner' | 'centre' | 'admin'; money: MoveMoneyLine }, dashboardUrl: string,
): MailMessage {
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
    ], { label: 'Voir mes réservations', url: dashboardUrl });
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
  ], { label: 'View my bookings', url: dashboardUrl });
}

// ── The training centre's own news: its verification and its identity (sent to the account that runs it) ──

/** An administrator withdrew the centre's verification: its courses leave the site and take no booking; bookings made stay. */
export function centreVerificationWithdrawnMail(lang: Lang, to: string, centreUrl: string): MailMessage {
  return lang === 'fr'
    ? message('centre-verification-withdrawn', lang, to, "Vérification de votre centre retirée — Récup'Points", [
        'Bonjour,',
        "Un administrateur de Récup'Points a retiré la vérification de votre centre de formation. Tant qu’il n’est pas vérifié à nouveau, ses stages n’apparaissent plus dans la recherche ni sur le site, et ne peuvent plus être réservés ; vous ne pouvez pas en publier de nouveaux.",
        'Les réservations déjà faites restent valables : vous pouvez toujours les consulter et les confirmer depuis votre espace.',
        'Contactez-nous pour en connaître la raison et faire vérifier votre centre à nouveau.',
      ], { label: 'Ouvrir mon espace centre', url: centreUrl })
    : message('centre-verification-withdrawn', lang, to, "Your centre's verification was withdrawn — Récup'Points", [
        'Hello,',
        "A Récup'Points administrator has withdrawn your training centre's verification. Until it is verified again, its courses no longer appear in the search or on the site and cannot be booked; you cannot publish new ones.",
        'Bookings already made remain valid: you can still view and confirm them from your area.',
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
