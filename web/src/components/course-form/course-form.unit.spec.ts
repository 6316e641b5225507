import { describe, expect, it } from 'vitest';
import { NEW_COURSE, centsOf, fromParisInput, proposedEnd, requestOf, toParisInput, validateCourse } from './course-form';
import { courseFormFr } from './locales/fr';

/** A minimal `t` over the form's French texts. */
function t(key: string, options: Record<string, unknown> = {}): string {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], courseFormFr) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
}
const filled = { ...NEW_COURSE, title: 'Arles', address: '12 boulevard des Lices', city: 'Arles', postalCode: '13200', department: '13', startDate: '2026-12-04T08:00', endDate: '2026-12-05T17:00' };
const now = new Date('2026-11-21T09:00:00.000Z');

describe('the course form', () => {
  it('proposes the end the next day on the same schedule: 08:00 → next day 17:00', () => {
    expect(proposedEnd('2026-12-04T08:00')).toBe('2026-12-05T17:00');
    expect(proposedEnd('2026-12-31T09:30')).toBe('2027-01-01T18:30');
    expect(proposedEnd('2026-12-10T08:00')).toBe('2026-12-11T17:00');
    // Across the change to summer time the wall clock still reads 17:00.
    expect(proposedEnd('2026-03-28T08:00')).toBe('2026-03-29T17:00');
  });

  it('reads and writes dates on the Paris clock, summer or winter', () => {
    expect(fromParisInput('2026-12-04T08:00')).toBe('2026-12-04T07:00:00.000Z');
    expect(fromParisInput('2027-07-02T08:00')).toBe('2027-07-02T06:00:00.000Z');
    expect(toParisInput('2026-12-04T07:00:00.000Z')).toBe('2026-12-04T08:00');
  });

  it('sends the price typed in euros in cents, rounded, and the default description when none is typed', () => {
    expect(centsOf('249,99')).toBe(24_999);
    expect(centsOf('250')).toBe(25_000);
    expect(centsOf('0.015')).toBe(2);
    expect(Number.isNaN(centsOf('deux cents'))).toBe(true);
    expect(requestOf(filled)).toMatchObject({ price: 25_000, totalSpots: 20, description: 'Stage de sensibilisation à la sécurité routière', descriptionEn: 'Road safety awareness course', antsNumber: null });
  });

  it('shows the specification’s message under each field, and the law’s', () => {
    expect(validateCourse(filled, { now }, t, 'fr')).toEqual({});
    expect(validateCourse({ ...filled, title: '', postalCode: '1320', price: '0' }, { now }, t, 'fr')).toEqual({
      title: 'Le titre est requis', postalCode: 'Le code postal doit comporter 5 chiffres', price: 'Le prix doit être d’au moins 0,01 €',
    });
    expect(validateCourse({ ...filled, startDate: '2026-12-05T08:00', endDate: '2026-12-06T17:00' }, { now }, t, 'fr')).toEqual({ endDate: 'Aucun stage ne peut avoir lieu un dimanche (6 décembre 2026)' });
  });

  it('checks the place with the communes of the postal code, once they are known', () => {
    const toulon = { ...filled, title: 'Toulon', city: 'Toulon', department: '83' };
    // "Toulon, 83, 75001": no commune of the Var has that postal code.
    expect(validateCourse({ ...toulon, postalCode: '75001' }, { now, communes: [] }, t, 'fr')).toEqual({
      postalCode: 'Le code postal 75001 n’est celui d’aucune commune du département 83 (Var)',
    });
    const draguignan = [{ name: 'Draguignan', department: '83', otherNames: [] }, { name: 'Châteaudouble', department: '83', otherNames: [] }];
    expect(validateCourse({ ...toulon, postalCode: '83300' }, { now, communes: draguignan }, t, 'fr')).toEqual({
      city: 'Cette ville n’est pas desservie par le code postal 83300, qui est celui de : Draguignan, Châteaudouble',
    });
    expect(validateCourse({ ...toulon, city: 'DRAGUIGNAN', postalCode: '83300' }, { now, communes: draguignan }, t, 'fr')).toEqual({});
    // Not known yet: the server checks it.
    expect(validateCourse({ ...toulon, postalCode: '75001' }, { now, communes: null }, t, 'fr')).toEqual({});
  });

  it('checks the administrator’s form by the same rules, with a free course allowed and the centre and description asked for', () => {
    const admin = { now, author: 'admin' as const };
    expect(validateCourse({ ...filled, description: '', price: '0' }, admin, t, 'fr')).toEqual({
      description: 'La description est requise', organizationId: 'L’organisation est requise',
    });
    const forCentre = { ...filled, description: 'Stage', organizationId: 'centre-1' };
    expect(validateCourse({ ...forCentre, price: '-1' }, admin, t, 'fr')).toEqual({ price: 'Le prix doit être positif ou nul' });
    expect(validateCourse({ ...forCentre, startDate: '2026-12-05T08:00', endDate: '2026-12-06T17:00' }, admin, t, 'fr')).toEqual({ endDate: 'Aucun stage ne peut avoir lieu un dimanche (6 décembre 2026)' });
    // The end proposed for a late start stops at the law's 20:00.
    expect(proposedEnd('2026-12-04T13:00')).toBe('2026-12-05T20:00');
  });
});
