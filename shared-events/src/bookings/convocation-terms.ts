/**
 * The sentences of a convocation that the e-mails repeat (DOMAIN.md, "Before the course"): what to bring, the rules
 * on time and absence, the centre's commitments if it cancels, the learner's (moving, cancelling), the learner's
 * case. One wording for the PDF and for the e-mails, in French and English; dates come in already written in the
 * reader's language. Pure.
 */
import type { LearnerCase } from './learner-case';

type TermsLanguage = 'fr' | 'en';

/** The four cases of the law (`learner-case.ts`). */
export type LearnerCaseName = LearnerCase;

/** What the learner brings on the first day; the 48N letter when the case is known to be that one, or may be. */
export function thingsToBring(lang: TermsLanguage, learnerCase: LearnerCaseName | null): string[] {
  const fr = lang === 'fr';
  const letter48N =
    learnerCase === 'PROBATION_48N'
      ? [fr ? 'la lettre 48N (lettre recommandée de la préfecture) qui vous impose ce stage' : 'the 48N letter (registered letter from the prefecture) that requires this course']
      : learnerCase === null
        ? [fr ? 'la lettre 48N, si vous suivez ce stage à la suite de cette lettre (permis probatoire)' : 'the 48N letter, if you take this course following that letter (probationary licence)']
        : [];
  return fr
    ? ['une pièce d’identité en cours de validité', 'votre permis de conduire, ou l’avis de suspension ou de rétention si vous ne l’avez plus', 'cette convocation', ...letter48N]
    : ['a valid identity document', 'your driving licence, or the notice of its suspension or retention if you no longer have it', 'this convocation', ...letter48N];
}

/** Arrival on time, presence throughout: a late arrival or a missed half-day gives no points and no refund. */
export function attendanceRule(lang: TermsLanguage): string {
  return lang === 'fr'
    ? 'La présence est obligatoire pendant les deux journées entières. Arrivez à l’heure : un retard, une demi-journée manquée ou une absence ne permettent pas de valider le stage ; vous ne récupérez alors aucun point et le stage n’est pas remboursé.'
    : 'You must attend both full days. Arrive on time: a late arrival, a missed half-day or an absence means the course is not validated; you then recover no points and the course is not refunded.';
}

/** What the centre owes the learner if it cancels the course: the learner's choice of a full refund or a free move. */
export function centreCommitment(lang: TermsLanguage): string {
  return lang === 'fr'
    ? 'Si le centre annule le stage, il s’engage à vous prévenir aussitôt par e-mail ; vous choisissez alors le remboursement intégral de ce que vous avez payé (lancé le jour de l’annulation, sur la carte utilisée) ou le report gratuit sur une autre date.'
    : 'If the centre cancels the course, it undertakes to tell you at once by e-mail; you then choose a full refund of what you paid (started on the day of the cancellation, to the card you used) or a free move to another date.';
}

/** Until when the learner moves to another date free of charge. */
export function moveTerm(lang: TermsLanguage, until: string): string {
  return lang === 'fr'
    ? `Vous pouvez changer de date gratuitement jusqu’au ${until}, depuis votre espace (Mes réservations).`
    : `You can move to another date free of charge until ${until}, from your account (My bookings).`;
}

/**
 * Until when the learner's cancellation is refunded (the product's rule, `learnerRefundDeadline`); a booking not
 * paid online has nothing to refund online.
 */
export function cancellationTerm(lang: TermsLanguage, refundUntil: string | null): string {
  if (refundUntil === null) {
    return lang === 'fr'
      ? 'Vous pouvez annuler depuis votre espace jusqu’au début du stage. Cette réservation n’a pas été payée en ligne : rien n’est remboursé en ligne ; pour ce que vous avez réglé au centre, voyez avec lui.'
      : 'You can cancel from your account until the course starts. This booking was not paid online: nothing is refunded online; for what you paid the centre, ask the centre.';
  }
  return lang === 'fr'
    ? `Vous pouvez annuler depuis votre espace jusqu’au début du stage : l’annulation est remboursée intégralement jusqu’au ${refundUntil} ; au-delà, elle n’est pas remboursée.`
    : `You can cancel from your account until the course starts: a cancellation is refunded in full until ${refundUntil}; after that, it is not refunded.`;
}

/** Only in English: the course is held in French, and the learner may come with an interpreter. */
export function languageNote(lang: TermsLanguage): string | null {
  return lang === 'en' ? 'The course is held in French. If you do not speak French well, you may bring an interpreter.' : null;
}

/** The learner's case as the convocation names it. */
export function learnerCaseLabel(lang: TermsLanguage, learnerCase: LearnerCaseName, letterReceivedOn: string | null): string {
  const fr = lang === 'fr';
  switch (learnerCase) {
    case 'VOLUNTARY':
      return fr ? 'stage volontaire (récupération de points)' : 'voluntary course (points recovery)';
    case 'PROBATION_48N':
      return fr
        ? `stage obligatoire en période probatoire, après une lettre 48N${letterReceivedOn ? ` reçue le ${letterReceivedOn}` : ''}`
        : `mandatory course for a probationary licence, after a 48N letter${letterReceivedOn ? ` received on ${letterReceivedOn}` : ''}`;
    case 'COURT_ORDER':
      return fr ? 'stage ordonné par un tribunal ou le procureur (alternative aux poursuites ou peine complémentaire)' : 'course ordered by a court or a prosecutor (alternative to prosecution or additional penalty)';
    case 'PENAL_SETTLEMENT':
      return fr ? 'stage dans le cadre d’une composition pénale' : 'course as part of a penal settlement (composition pénale)';
  }
}
