import type { PostalCommune } from '@recup/shared-events';
import { gazetteer } from './gazetteer';

/**
 * The communes a postal code serves, as the course rules compare a place with them (`placeIssues`): an
 * arrondissement also answers to its city's name ("Marseille" at 13008). None for a code La Poste does not
 * know in the six departments.
 */
export function postalCommunes(postalCode: string): PostalCommune[] {
  if (!/^\d{5}$/.test(postalCode)) return [];
  const places = gazetteer();
  return places.atPostalCode(postalCode).map((commune) => {
    const parent = commune.parent ? places.commune(commune.parent) : null;
    return { name: commune.name, department: commune.department, otherNames: [...commune.aliases, ...(parent ? [parent.name] : [])] };
  });
}
