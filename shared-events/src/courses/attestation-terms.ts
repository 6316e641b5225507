/**
 * What the attestation and its e-mail tell a learner of the 48N case (probationary licence, issue 20 §2): having
 * completed the course within four months of the 48N letter, they may claim back the fixed fine of the offence
 * that caused it. One text, so that the PDF and the e-mail say the same.
 */
export function fineRefundSteps(lang: 'fr' | 'en'): { title: string; intro: string; steps: string[] } {
  return lang === 'fr'
    ? {
        title: 'Remboursement de l’amende (permis probatoire, lettre 48N)',
        intro:
          'Vous avez suivi ce stage à la suite d’une lettre 48N : s’il a été suivi dans les 4 mois de sa réception, l’amende forfaitaire de l’infraction qui l’a entraînée vous est remboursée sur demande, si vous l’avez payée.',
        steps: [
          'Adressez votre demande au service qui a encaissé l’amende (indiqué sur l’avis de contravention, ou le centre des finances publiques), par courrier.',
          'Joignez une copie de cette attestation, une copie de la lettre 48N, le justificatif du paiement de l’amende et un relevé d’identité bancaire (RIB).',
          'Gardez l’original de cette attestation : le centre en envoie aussi une copie à la préfecture.',
        ],
      }
    : {
        title: 'Refund of the fine (probationary licence, 48N letter)',
        intro:
          'You took this course following a 48N letter: if you took it within 4 months of receiving that letter, the fixed fine of the offence that caused it is refunded on request, if you paid it.',
        steps: [
          'Send your request by post to the office that collected the fine (named on the fine notice, or the public finance centre).',
          'Enclose a copy of this attestation, a copy of the 48N letter, the proof that you paid the fine and your bank details (RIB).',
          'Keep the original of this attestation: the centre also sends a copy to the prefecture.',
        ],
      };
}
