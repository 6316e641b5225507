import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildGazetteerData, parsePostalCsv, serializeGazetteerData, type AdministrativeCommune } from './gazetteer-build';

const csv = readFileSync(new URL('../../data/paca-communes.csv', import.meta.url), 'utf8');
const communes = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@etalab/decoupage-administratif/data/communes.json'), 'utf8')) as AdministrativeCommune[];

describe('gazetteer data', () => {
  const data = buildGazetteerData(csv, communes);
  const place = (code: string) => data.places.find((p) => p.code === code);

  it('holds every commune of the six departments and the arrondissements of Marseille, each with coordinates', () => {
    const expected = communes.filter((c) => ['04', '05', '06', '13', '83', '84'].includes(c.departement ?? '') && c.type === 'commune-actuelle');
    expect(expected).toHaveLength(946);
    expect(data.places.filter((p) => !p.parent)).toHaveLength(946);
    expect(data.places.filter((p) => p.parent === '13055')).toHaveLength(16);
    for (const p of data.places) {
      expect(p.lat, p.name).toBeGreaterThan(42.9);
      expect(p.lat, p.name).toBeLessThan(45.2);
      expect(p.lon, p.name).toBeGreaterThan(4.2);
      expect(p.lon, p.name).toBeLessThan(7.8);
      expect(p.postalCodes.length, p.name).toBeGreaterThan(0);
    }
  });

  it('takes the official names with accents, and the postal codes of both sources', () => {
    expect(place('83137')).toMatchObject({ name: 'Toulon', department: '83', postalCodes: ['83000', '83100', '83200'] });
    expect(place('04070')?.name).toBe('Digne-les-Bains');
    expect(place('83115')).toMatchObject({ name: 'Sainte-Maxime', aliases: [] });
    expect(place('05023')?.name).toBe('Briançon');
    // La Poste's "SEYNE" is delivered as "SEYNE LES ALPES", the name people use.
    expect(place('04205')).toMatchObject({ name: 'Seyne', aliases: ['SEYNE LES ALPES'] });
  });

  it('places Marseille at its first arrondissement and names each arrondissement as people do', () => {
    const first = place('13201')!;
    expect(place('13055')).toMatchObject({ name: 'Marseille', lat: first.lat, lon: first.lon });
    expect(place('13208')).toMatchObject({ name: 'Marseille 8e Arrondissement', postalCodes: ['13008'], parent: '13055' });
    expect(place('13208')!.aliases).toEqual(expect.arrayContaining(['MARSEILLE 08', 'Marseille 8', 'Marseille 8e', 'LES GOUDES']));
  });

  it('refuses a malformed row or an INSEE code outside the six departments', () => {
    const header = 'code_commune_insee;nom_commune;code_postal;ligne_5;libelle_acheminement;latitude;longitude';
    expect(() => parsePostalCsv(`${header}\n83137;TOULON;830;;TOULON;43.1;5.9`)).toThrow(/line 2/);
    expect(() => buildGazetteerData(`${header}\n75056;PARIS;75001;;PARIS;48.8;2.3`, communes)).toThrow(/75056/);
  });

  it('is the data file the gazetteer ships (run this test with -u after changing a source)', async () => {
    await expect(serializeGazetteerData(data)).toMatchFileSnapshot('../../data/paca-gazetteer.json');
  });
});
