import { describe, expect, it } from 'vitest';
import { csvDocument, csvLine, parseCsv } from './csv';

describe('CSV dialect', () => {
  it('starts with a byte order mark, quotes every field and ends lines with CRLF', () => {
    expect(csvDocument(['Nom', 'Montant'], [['Léa', 219], [null, true]])).toBe('\uFEFF"Nom","Montant"\r\n"Léa","219"\r\n"","true"\r\n');
  });

  it('doubles quotes and keeps commas and line breaks inside a field', () => {
    expect(csvLine(['a "b", c\nd'])).toBe('"a ""b"", c\nd"\r\n');
    expect(parseCsv(csvDocument(['x'], [['a "b", c\r\nd']]))).toEqual([['x'], ['a "b", c\r\nd']]);
  });

  it('never lets a spreadsheet run a field as a formula', () => {
    expect(csvLine(['=HYPERLINK("x")', '+33 6', '-1', '@SUM(A1)', 'a=b'])).toBe(`"'=HYPERLINK(""x"")","'+33 6","'-1","'@SUM(A1)","a=b"\r\n`);
    expect(csvLine([-1])).toBe('"-1"\r\n');
  });

  it('separates fields with semicolons for a French spreadsheet, and reads them back', () => {
    const file = csvDocument(['Nom', 'Ville'], [['Lefèvre; Zoé', 'Aix-en-Provence']], ';');
    expect(file).toBe('\uFEFF"Nom";"Ville"\r\n"Lefèvre; Zoé";"Aix-en-Provence"\r\n');
    expect(parseCsv(file, ';')).toEqual([['Nom', 'Ville'], ['Lefèvre; Zoé', 'Aix-en-Provence']]);
  });
});
