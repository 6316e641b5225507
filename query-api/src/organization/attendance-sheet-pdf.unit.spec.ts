import { describe, expect, it } from 'vitest';
import { renderAttendanceSheetPdf, type AttendanceSheetData } from './attendance-sheet-pdf';

const data = (participants: number, lang: 'fr' | 'en' = 'fr'): AttendanceSheetData => ({
  lang,
  centre: { name: 'Provence Sécurité Routière', address: '42 rue Paradis', postalCode: '13006', city: 'Marseille', prefectApprovalReference: 'R1301300010' },
  course: { title: 'Arles', address: '12 boulevard des Lices', postalCode: '13200', city: 'Arles', startDate: '2026-12-04T07:00:00.000Z', endDate: '2026-12-05T16:00:00.000Z', antsNumber: 'ANTS-13-55555' },
  participants: Array.from({ length: participants }, (_, i) => ({ lastName: `Lefèvre${i}`, firstName: 'Zoé', dateOfBirth: '1990-04-12', licenseNumber: `1234${i}`, bookingReference: `RP-${i}` })),
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
});
