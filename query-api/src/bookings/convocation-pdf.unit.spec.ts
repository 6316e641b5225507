import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text';
import { convocationDocument, renderConvocationPdf, type ConvocationRecord } from './convocation-pdf';

const record: ConvocationRecord = {
  lang: 'fr',
  issuedAt: '2026-11-21T09:00:00.000Z',
  bookingReference: 'RP-ABCD2345',
  learner: { title: 'MRS', firstName: 'Léa', lastName: 'Martin', dateOfBirth: '1990-05-14', licenseNumber: '123456789012' },
  course: { title: 'Arles', address: '12 boulevard des Lices', postalCode: '13200', city: 'Arles', startDate: '2026-12-04T07:00:00.000Z', endDate: '2026-12-05T16:00:00.000Z', antsNumber: '13-2026-0042' },
  centre: { name: 'Provence Sécurité Routière', prefectApprovalReference: 'R1301300010', phoneNumber: '04 91 23 45 67', email: 'contact@psr.test' },
  terms: { moveUntil: '2026-11-27T22:59:59.999Z', refundUntil: '2026-12-01T07:00:00.000Z' },
};

const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
/** The PDF's text as a reader sees it, lines joined and spaces collapsed (wrapped lines break anywhere). */
const readBack = async (data: ConvocationRecord) => {
  const pdf = await renderConvocationPdf(data);
  return { pdf, text: pdfText(pdf).flat().join(' ').replace(/\s+/g, ' ') };
};
const words = (lines: string[]) => lines.join(' ').replace(/\s+/g, ' ');

describe('a convocation', () => {
  it('is an A4 PDF of one page whose text is the whole document, in the order written', async () => {
    const { pdf, text } = await readBack(record);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(pages(pdf)).toBe(1);
    // Bullets are drawn before their items; a line may wrap after a hyphen.
    const drawn = convocationDocument(record).lines.map((line) => (line.style === 'bullet' ? `• ${line.text}` : line.text));
    const unwrapped = (text: string) => text.replace(/-\s+/g, '-');
    expect(unwrapped(text)).toBe(unwrapped(words(drawn)));
  });

  it('names the learner, the booking, both days with their hours, the place, the centre and the course’s prefecture number', async () => {
    const { text } = await readBack(record);
    for (const expected of [
      'CONVOCATION',
      'Réservation RP-ABCD2345',
      'Établie le 21 novembre 2026',
      'Mme Léa MARTIN',
      'Date de naissance : 14 mai 1990',
      'N° de permis de conduire : 123456789012',
      'Vendredi 4 décembre 2026 : 8h00 – 12h00 et 13h00 – 17h00',
      'Samedi 5 décembre 2026 : 8h00 – 12h00 et 13h00 – 17h00',
      '12 boulevard des Lices 13200 Arles',
      'Provence Sécurité Routière',
      'N° d’agrément préfectoral : R1301300010',
      'Téléphone : 04 91 23 45 67 — E-mail : contact@psr.test',
      'N° du stage (préfecture, ANTS) : 13-2026-0042',
    ]) expect(text).toContain(expected);
  });

  it('says what to bring, the rules on lateness, the centre’s commitments and the learner’s own', async () => {
    const { text } = await readBack(record);
    for (const expected of [
      '• Une pièce d’identité en cours de validité',
      '• Votre permis de conduire, ou l’avis de suspension ou de rétention si vous ne l’avez plus',
      '• Cette convocation',
      '• La lettre 48N, si vous suivez ce stage à la suite de cette lettre (permis probatoire)',
      'un retard, une demi-journée manquée ou une absence ne permettent pas de valider le stage ; vous ne récupérez alors aucun point et le stage n’est pas remboursé',
      'Si le centre annule le stage, il s’engage à vous prévenir aussitôt par e-mail ; vous choisissez alors le remboursement intégral de ce que vous avez payé',
      'ou le report gratuit sur une autre date',
      'Vous pouvez changer de date gratuitement jusqu’au vendredi 27 novembre 2026 à 23h59',
      'l’annulation est remboursée intégralement jusqu’au mardi 1 décembre 2026 à 8h00 ; au-delà, elle n’est pas remboursée',
    ]) expect(text).toContain(expected);
    expect(text).not.toMatch(/interprète|interpreter/);
  });

  it('leaves out the licence number when unknown, and says nothing is refunded online for a booking paid at the centre', async () => {
    const { text } = await readBack({ ...record, learner: { ...record.learner, licenseNumber: null, title: null }, terms: { ...record.terms, refundUntil: null } });
    expect(text).not.toContain('N° de permis');
    expect(text).toContain('Léa MARTIN');
    expect(text).toContain('Cette réservation n’a pas été payée en ligne : rien n’est remboursé en ligne');
  });

  it('in English, says the course is held in French and an interpreter may come', async () => {
    const { pdf, text } = await readBack({ ...record, lang: 'en' });
    expect(pages(pdf)).toBe(1);
    for (const expected of [
      'Booking RP-ABCD2345',
      'Mrs Léa MARTIN',
      'Date of birth: 14 May 1990',
      'Friday, 4 December 2026: 08:00 – 12:00 and 13:00 – 17:00',
      'Prefectoral approval no.: R1301300010',
      'Course no. (prefecture, ANTS): 13-2026-0042',
      'The course is held in French. If you do not speak French well, you may bring an interpreter.',
      'You can move to another date free of charge until Friday, 27 November 2026 at 23:59',
    ]) expect(text).toContain(expected);
  });

  describe('with the learner’s case recorded', () => {
    it('names a 48N case with the day the letter came, and asks for the letter', async () => {
      const { text } = await readBack({ ...record, learnerCase: { case: 'PROBATION_48N', letterReceivedOn: '2026-10-02' } });
      expect(text).toContain('Cas : stage obligatoire en période probatoire, après une lettre 48N reçue le 2 octobre 2026');
      expect(text).toContain('• La lettre 48N (lettre recommandée de la préfecture) qui vous impose ce stage');
    });

    it('does not ask a volunteer for a 48N letter', async () => {
      const { text } = await readBack({ ...record, learnerCase: { case: 'VOLUNTARY', letterReceivedOn: null } });
      expect(text).toContain('Cas : stage volontaire (récupération de points)');
      expect(text).not.toContain('48N');
    });
  });

  it('names a centre without an approval number or a course without its number as given by the centre', async () => {
    const { text } = await readBack({ ...record, course: { ...record.course, antsNumber: null }, centre: { ...record.centre, prefectApprovalReference: null } });
    expect(text).toContain('N° d’agrément préfectoral : communiqué par le centre');
    expect(text).toContain('N° du stage (préfecture, ANTS) : communiqué par le centre');
  });

  it('keeps to two pages at most with long names everywhere', async () => {
    const long = 'Très long nom de lieu '.repeat(12);
    const { pdf } = await readBack({
      ...record, lang: 'en', learnerCase: { case: 'COURT_ORDER', letterReceivedOn: null },
      course: { ...record.course, address: long }, centre: { ...record.centre, name: long, email: `${'x'.repeat(60)}@example.test` },
    });
    expect(pages(pdf)).toBeLessThanOrEqual(2);
  });
});
