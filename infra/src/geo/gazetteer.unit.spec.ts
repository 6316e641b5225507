import { describe, expect, it } from 'vitest';
import { DEMO_CENTRES } from '../seed/demo-catalog';
import { gazetteer, gazetteerLoadMs, haversineKm } from './gazetteer';

const places = gazetteer();
const nameOf = (text: string) => places.resolve(text)?.name ?? null;

describe('gazetteer', () => {
  it('builds its indexes once, quickly', () => {
    expect(gazetteer()).toBe(places);
    expect(places.communes).toHaveLength(962);
    expect(gazetteerLoadMs()).toBeLessThan(250);
  });

  it('finds a commune by its postal code', () => {
    expect(places.resolve('83000')).toMatchObject({ code: '83137', name: 'Toulon', department: '83' });
    expect(nameOf('83200')).toBe('Toulon');
    expect(nameOf(' 13300 ')).toBe('Salon-de-Provence');
    expect(nameOf('75001')).toBeNull();
  });

  it('picks the main commune of a postal code shared by several', () => {
    expect(nameOf('04200')).toBe('Sisteron');
    expect(nameOf('04510')).toBe('Malijai');
    // Marseille's postal codes name its arrondissements.
    expect(nameOf('13008')).toBe('Marseille 8e Arrondissement');
  });

  it('finds a commune by its name whatever the accents, case, hyphens, apostrophes and saints', () => {
    for (const text of ['Salon de Provence', 'salon-de-provence', 'SALON DE PROVENCE', 'Salon-de-Provence']) expect(nameOf(text), text).toBe('Salon-de-Provence');
    for (const text of ['toulon', 'TOULON', ' Toulon ']) expect(nameOf(text), text).toBe('Toulon');
    for (const text of ['Sainte-Maxime', 'ste maxime', 'Ste-Maxime', 'STE MAXIME', 'sainte maxime']) expect(nameOf(text), text).toBe('Sainte-Maxime');
    for (const text of ['St-Tropez', 'saint tropez', 'St. Tropez']) expect(nameOf(text), text).toBe('Saint-Tropez');
    for (const text of ["L'Isle-sur-la-Sorgue", 'l’isle sur la sorgue', 'lisle sur la sorgue', 'Isle-sur-la-Sorgue']) expect(nameOf(text), text).toBe("L'Isle-sur-la-Sorgue");
    expect(nameOf('briancon')).toBe('Briançon');
    expect(nameOf('Seyne sur Mer')).toBe('La Seyne-sur-Mer');
  });

  it('answers to La Poste’s names and localities too', () => {
    expect(nameOf('Seyne les Alpes')).toBe('Seyne');
    expect(nameOf('Les Sablettes')).toBe('La Seyne-sur-Mer');
    expect(nameOf('Marseille')).toBe('Marseille');
    expect(nameOf('Marseille 8e')).toBe('Marseille 8e Arrondissement');
    expect(nameOf('marseille 1er')).toBe('Marseille 1er Arrondissement');
  });

  it('needs a whole name: a part of one is no commune', () => {
    expect(places.resolve('Salon')).toBeNull();
    expect(places.resolve('Toul')).toBeNull();
    expect(places.resolve('Lyon')).toBeNull();
    expect(places.resolve('')).toBeNull();
    expect(places.resolve('83')).toBeNull();
  });

  it('chooses among homonyms by department or postal code, else the most populous', () => {
    expect(places.resolve('La Garde')?.department).toBe('83');
    expect(places.resolve('La Garde (04)')).toMatchObject({ name: 'La Garde', department: '04' });
    expect(places.resolve('Vitrolles')?.department).toBe('13');
    expect(places.resolve('Vitrolles 05110')?.department).toBe('05');
    expect(nameOf('13300 Salon-de-Provence')).toBe('Salon-de-Provence');
    expect(nameOf('Marseille 13')).toBe('Marseille');
    expect(nameOf('Marseille 13006')).toBe('Marseille 6e Arrondissement');
  });

  it('locates a city and postal code, falling back on the postal code when the city is unknown', () => {
    expect(places.locate('Marseille', '13001')?.code).toBe('13201');
    expect(places.locate('Hyères', '83400')?.name).toBe('Hyères');
    expect(places.locate('Toulon centre', '83000')?.name).toBe('Toulon');
    expect(places.locate('Atlantis', '99999')).toBeNull();
  });

  it('locates every venue of the demo catalogue in its own department', () => {
    for (const venue of DEMO_CENTRES.flatMap((centre) => centre.venues)) {
      const commune = places.locate(venue.city, venue.postalCode);
      expect(commune, venue.city).not.toBeNull();
      expect(commune!.department, venue.city).toBe(venue.department);
      expect(commune!.postalCodes, venue.city).toContain(venue.postalCode);
    }
  });

  it('measures great-circle distances in kilometres', () => {
    const toulon = places.resolve('Toulon')!;
    const marseille = places.resolve('Marseille')!;
    const nice = places.resolve('Nice')!;
    expect(haversineKm(toulon, toulon)).toBe(0);
    expect(haversineKm(toulon, marseille)).toBeCloseTo(haversineKm(marseille, toulon), 9);
    // Toulon–Marseille is about 48 km as the crow flies, Toulon–Nice about 127 km.
    expect(haversineKm(toulon, marseille)).toBeGreaterThan(44);
    expect(haversineKm(toulon, marseille)).toBeLessThan(52);
    expect(haversineKm(toulon, nice)).toBeGreaterThan(120);
    expect(haversineKm(toulon, nice)).toBeLessThan(135);
    // One degree of latitude is about 111.2 km.
    expect(haversineKm({ lat: 43, lon: 5 }, { lat: 44, lon: 5 })).toBeCloseTo(111.2, 1);
  });

  it('lists the communes within a distance, nearest first', () => {
    const toulon = places.resolve('Toulon')!;
    const near = places.within(toulon, 10);
    expect(near[0]).toBe(toulon);
    expect(near.map((c) => c.name)).toEqual(expect.arrayContaining(['La Seyne-sur-Mer', 'La Valette-du-Var', 'La Garde']));
    expect(near.map((c) => c.name)).not.toContain('Hyères');
    for (const commune of near) expect(haversineKm(toulon, commune)).toBeLessThanOrEqual(10);
    const distances = near.map((c) => haversineKm(toulon, c));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const outside = places.communes.filter((c) => !near.includes(c));
    for (const commune of outside) expect(haversineKm(toulon, commune)).toBeGreaterThan(10);
  });
});
