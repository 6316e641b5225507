import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text';
import { renderAttestationPdf, type AttestationRecord } from './attestation-pdf';

const record = (overrides: Partial<AttestationRecord> = {}): AttestationRecord => ({
  lang: 'fr',
  issuedAt: '2026-12-05T16:00:00.000Z',
  bookingReference: 'RP-ABC234',
  centre: { name: 'Provence Sécurité Routière', address: '42 rue Paradis', postalCode: '13006', city: 'Marseille', prefectApprovalReference: 'R1301300010' },
  course: { antsNumber: 'ANTS-13-55555', startDate: '2026-12-04T07:00:00.000Z', endDate: '2026-12-05T16:00:00.000Z', address: '12 boulevard des Lices', postalCode: '13200', city: 'Arles' },
  learner: { title: 'MRS', firstName: 'Léa', lastName: 'Martin', dateOfBirth: '1990-05-14', placeOfBirth: 'Marseille', licenseNumber: '123456789012' },
  facilitators: [{ role: 'ROAD_SAFETY_EXPERT', name: 'Jean Martin' }, { role: 'PSYCHOLOGIST', name: 'Claire Petit' }],
  probation48N: false,
  ...overrides,
});
const text = async (r: AttestationRecord) => pdfText(await renderAttestationPdf(r)).flat().join(' ');

describe('the attestation of a completed course (annex I of the arrêté of 25 February 2004)', () => {
  it('names the centre and its approval, the course number, dates and place, the learner, the facilitators and the date', async () => {
    const fr = await text(record());
    for (const expected of [
      'ATTESTATION DE SUIVI DE STAGE', 'Provence Sécurité Routière', 'R1301300010', 'ANTS-13-55555', '4 décembre 2026', '5 décembre 2026', '12 boulevard des Lices', '13200 Arles',
      'Mme', 'MARTIN Léa', '14/05/1990', 'Marseille', '123456789012', 'Jean Martin, expert en sécurité routière (BAFM)', 'Claire Petit, psychologue',
      'Fait à Marseille, le samedi 5 décembre 2026', 'Signature du responsable et cachet de l’établissement', 'RP-ABC234',
    ]) expect(fr, expected).toContain(expected);
    expect(fr).not.toContain('48N');
  });
  it('is written in English for an English-speaking learner, and says what is not given', async () => {
    const en = await text(record({ lang: 'en', facilitators: [], learner: { ...record().learner, placeOfBirth: null } }));
    expect(en).toContain('CERTIFICATE OF COURSE ATTENDANCE');
    expect(en).toContain('facilitators not given');
    expect(en.match(/not given/g)).toHaveLength(2);
    expect(en).toContain('Done at Marseille, on');
    expect(en).toContain('5 December 2026');
  });
  it('adds how to claim the fine’s refund for the 48N case', async () => {
    expect(await text(record({ probation48N: true }))).toContain('Remboursement de l’amende (permis probatoire, lettre 48N)');
    expect(await text(record({ lang: 'en', probation48N: true }))).toContain('Refund of the fine (probationary licence, 48N letter)');
  });
});
