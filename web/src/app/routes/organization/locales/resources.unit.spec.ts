import { describe, expect, it } from 'vitest';
import { courseFormFr } from '../../../../components/course-form/locales/fr';
import { organizationResources } from './resources';

function leaves(tree: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') for (const [leaf, text] of leaves(value, path)) found.set(leaf, text);
    else found.set(path, value as string);
  }
  return found;
}
const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the training-centre area’s texts', () => {
  const fr = leaves(organizationResources.fr);
  const en = leaves(organizationResources.en);

  it('have the same keys in French and English, none empty', () => {
    expect([...fr.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of [...fr, ...en]) expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
  });

  it('interpolate the same values in both languages', () => {
    for (const [key, text] of fr) expect(variables(en.get(key)!), key).toEqual(variables(text));
  });

  it('use the specification’s words', () => {
    expect(organizationResources.fr.courses.toast.batchCreated).toBe('{{count}} cours ont été créés avec succès');
    expect(organizationResources.fr.courses.grid.empty).toBe('Aucun stage trouvé');
    expect(organizationResources.fr.bookings.exporting.noCourse).toBe('Veuillez sélectionner un stage spécifique pour exporter la liste des participants.');
    expect(organizationResources.fr.bookings.approve.error).toBe('Une erreur est survenue lors de la confirmation de la réservation.');
    expect(courseFormFr.errors.POSTAL_CODE_INVALID).toBe('Le code postal doit comporter 5 chiffres');
  });
});
