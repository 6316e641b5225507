import PDFDocument from 'pdfkit';
import { fineRefundSteps } from '@recup/shared-events/courses/attestation-terms';
import type { Facilitator } from '@recup/shared-events/courses/attendance';

/**
 * The attestation of a completed course ("attestation de suivi de stage de sensibilisation à la sécurité routière",
 * after the model of annex I of the arrêté of 25 February 2004), drawn from this one record in the reader's language.
 */
export interface AttestationRecord {
  lang: 'fr' | 'en';
  /** The day it is drawn (printed as "Fait à …, le …"), ISO. */
  issuedAt: string;
  bookingReference: string;
  centre: { name: string; address: string; postalCode: string; city: string; prefectApprovalReference: string | null };
  course: { antsNumber: string | null; startDate: string; endDate: string; address: string; postalCode: string; city: string };
  learner: { title: 'MR' | 'MRS' | null; firstName: string; lastName: string; dateOfBirth: string | null; placeOfBirth: string | null; licenseNumber: string | null };
  facilitators: readonly Facilitator[];
  /** The learner came under the 48N case: the refund of the fine is explained. */
  probation48N: boolean;
}

const TEXT = {
  fr: {
    title: 'ATTESTATION DE SUIVI DE STAGE',
    subtitle: 'de sensibilisation à la sécurité routière',
    law: 'Articles L. 223-6, R. 223-5 à R. 223-9 du Code de la route — arrêté du 25 février 2004, annexe I',
    centre: 'L’établissement', approval: 'agréé sous le n°', notGiven: 'non renseigné',
    certifies: 'atteste que',
    civility: { MR: 'M.', MRS: 'Mme' } as Record<string, string>,
    born: 'né(e) le', at: 'à', licence: 'titulaire du permis de conduire n°',
    followed: 'a suivi intégralement le stage de sensibilisation à la sécurité routière',
    number: 'n°', held: 'qui s’est déroulé les', and: 'et', place: 'à l’adresse suivante :',
    facilitators: 'Animé par', roles: { ROAD_SAFETY_EXPERT: 'expert en sécurité routière (BAFM)', PSYCHOLOGIST: 'psychologue' } as Record<string, string>,
    noFacilitators: 'animateurs non renseignés',
    madeAt: (city: string, day: string) => `Fait à ${city}, le ${day}`,
    signature: 'Signature du responsable et cachet de l’établissement',
    reference: 'Réservation',
  },
  en: {
    title: 'CERTIFICATE OF COURSE ATTENDANCE',
    subtitle: 'road safety awareness course',
    law: 'French Highway Code, articles L. 223-6, R. 223-5 to R. 223-9 — order of 25 February 2004, annex I',
    centre: 'The centre', approval: 'approved under no.', notGiven: 'not given',
    certifies: 'certifies that',
    civility: { MR: 'Mr', MRS: 'Mrs' } as Record<string, string>,
    born: 'born on', at: 'in', licence: 'holder of driving licence no.',
    followed: 'attended the whole of the road safety awareness course',
    number: 'no.', held: 'held on', and: 'and', place: 'at the following address:',
    facilitators: 'Run by', roles: { ROAD_SAFETY_EXPERT: 'road safety expert (BAFM)', PSYCHOLOGIST: 'psychologist' } as Record<string, string>,
    noFacilitators: 'facilitators not given',
    madeAt: (city: string, day: string) => `Done at ${city}, on ${day}`,
    signature: 'Signature of the manager and stamp of the centre',
    reference: 'Booking',
  },
} as const;

export function renderAttestationPdf(record: AttestationRecord): Promise<Buffer> {
  const t = TEXT[record.lang];
  const locale = record.lang === 'fr' ? 'fr-FR' : 'en-GB';
  const day = (iso: string) => new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(iso));
  const shortDay = (iso: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(iso));
  const birth = (value: string | null) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
    return match ? `${match[3]}/${match[2]}/${match[1]}` : t.notGiven;
  };
  const { centre, course, learner } = record;

  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${t.title} — ${learner.lastName.toUpperCase()} ${learner.firstName}`, Author: centre.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(17).fillColor('#0b3d91').text(t.title, { width, align: 'center' });
  doc.fontSize(13).text(t.subtitle, { width, align: 'center' });
  doc.moveDown(0.3).font('Helvetica').fontSize(8.5).fillColor('#444').text(t.law, { width, align: 'center' });
  doc.moveDown(1.5).fillColor('#000').fontSize(11);

  const para = (parts: Array<[string, boolean]>) => {
    parts.forEach(([text, bold], i) => {
      const options = { width, continued: i < parts.length - 1, lineGap: 3 };
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      if (i === 0) doc.text(text, left, doc.y, options);
      else doc.text(text, options);
    });
    doc.moveDown(0.7);
  };
  para([[`${t.centre} `, false], [centre.name, true], [`, ${centre.address}, ${centre.postalCode} ${centre.city}, ${t.approval} `, false], [centre.prefectApprovalReference ?? t.notGiven, true], [`, ${t.certifies}`, false]]);
  const civility = learner.title ? `${t.civility[learner.title]} ` : '';
  para([
    [`${civility}`, false], [`${learner.lastName.toUpperCase()} ${learner.firstName}`, true],
    [`, ${t.born} `, false], [birth(learner.dateOfBirth), true], [` ${t.at} `, false], [learner.placeOfBirth ?? t.notGiven, true],
    [`, ${t.licence} `, false], [learner.licenseNumber ?? t.notGiven, true], [',', false],
  ]);
  para([
    [`${t.followed} ${t.number} `, false], [course.antsNumber ?? t.notGiven, true],
    [` ${t.held} `, false], [shortDay(course.startDate), true], [` ${t.and} `, false], [shortDay(course.endDate), true],
    [`, ${t.place} ${course.address}, ${course.postalCode} ${course.city}.`, false],
  ]);
  doc.font('Helvetica-Bold').text(`${t.facilitators} :`, left, undefined, { width });
  doc.font('Helvetica');
  if (record.facilitators.length === 0) doc.text(`— ${t.noFacilitators}`, { width });
  for (const f of record.facilitators) doc.text(`— ${f.name}, ${t.roles[f.role] ?? f.role}`, { width, indent: 10 });
  doc.moveDown(1.2).text(t.madeAt(centre.city, day(record.issuedAt)), { width, align: 'right' });
  doc.moveDown(0.6);
  const boxWidth = 250;
  const boxTop = doc.y;
  doc.fontSize(9).text(t.signature, left + width - boxWidth, boxTop, { width: boxWidth, align: 'center' });
  doc.rect(left + width - boxWidth, boxTop + 14, boxWidth, 90).lineWidth(0.8).strokeColor('#333').stroke();
  doc.y = boxTop + 120;

  if (record.probation48N) {
    const refund = fineRefundSteps(record.lang);
    doc.x = left;
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(10.5).fillColor('#0b3d91').text(refund.title, left, undefined, { width });
    doc.font('Helvetica').fontSize(9.5).fillColor('#000').moveDown(0.3).text(refund.intro, { width });
    refund.steps.forEach((step, i) => doc.moveDown(0.2).text(`${i + 1}. ${step}`, { width, indent: 8 }));
  }
  const bottom = doc.page.height - doc.page.margins.bottom;
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.fontSize(7.5).fillColor('#555').font('Helvetica').text(`${t.reference} ${record.bookingReference}`, left, bottom + 10, { width, align: 'left', lineBreak: false });
  doc.page.margins.bottom = margin;
  doc.end();
  return done;
}
