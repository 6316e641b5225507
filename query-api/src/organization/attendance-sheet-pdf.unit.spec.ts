import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text';
import { renderAttendanceSheetPdf, type AttendanceSheetData } from './attendance-sheet-pdf';

const data = (participants: number, lang: 'fr' | 'en' = 'fr'): AttendanceSheetData => ({
  lang,
  centre: { name: 'Provence Sécurité Routière', address: '42 rue Paradis', postalCode: '13006', city: 'Marseille', prefectApprovalReference: 'R1301300010' },
  course: { title: 'Arles', address: '12 boulevard des Lices', postalCode: '13200', city: 'Arles', startDate: '2026-12-04T07:00:00.000Z', endDate: '2026-12-05T16:00:00.000Z', antsNumber: 'ANTS-13-55555' },
  participants: Array.from({ length: participants }, (_, i) => ({ lastName: `Lefèvre${i}`, firstName: 'Zoé', dateOfBirth: '1990-04-12', licenseNumber: `1234${i}`, bookingReference: `RP-${i}`, learnerCase: i === 0 ? '—' : `Cas ${(i % 4) + 1}` })),
});
const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('attendance sheet', () => {
  it('is a landscape A4 PDF, a full course of 20 on two pages', async () => {
    const pdf = await renderAttendanceSheetPdf(data(20));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(pdf)).toBe(2);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
  });

  it('holds a small group on one page, in either language', async () => {
    expect(pages(await renderAttendanceSheetPdf(data(6)))).toBe(1);
    expect(pages(await renderAttendanceSheetPdf(data(6, 'en')))).toBe(1);
  });

  it('names each participant’s case of the law, and says what the numbers mean', async () => {
    const lines = pdfText(await renderAttendanceSheetPdf(data(3))).flat();
    expect(lines).toContain('Cas');
    const row = (name: string) => lines.slice(lines.indexOf(name), lines.indexOf(name) + 4);
    expect(row('LEFÈVRE1')).toEqual(['LEFÈVRE1', 'Zoé', '12/04/1990', '12341']);
    expect(lines[lines.indexOf('12341') + 1]).toBe('Cas 2');
    expect(lines[lines.indexOf('12342') + 1]).toBe('Cas 3');
    expect(lines[lines.indexOf('12340') + 1]).toBe('—');
    expect(lines.join(' ')).toMatch(/Cas : 1 volontaire · 2 permis probatoire \(lettre 48N\) · 3 alternative aux poursuites ou peine complémentaire · 4 composition pénale/);
  });
});
