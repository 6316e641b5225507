/**
 * Where a course takes place must be a real place: its postal code one of its department's, its city one of
 * the communes of that postal code (La Poste's codes, the communes data). Pure: the caller looks the communes
 * of the postal code up (the command side in the gazetteer, the web through the query API) and passes them.
 */

/** A commune (or an arrondissement) that a postal code serves. */
export interface PostalCommune {
  /** Official name, with its accents. */
  name: string;
  department: string;
  /** Other names it answers to: La Poste's spellings and localities, the city of an arrondissement. */
  otherNames: readonly string[];
}

export type PlaceIssue =
  | { code: 'POSTAL_CODE_NOT_IN_DEPARTMENT'; field: 'postalCode'; postalCode: string; department: string }
  | { code: 'CITY_NOT_AT_POSTAL_CODE'; field: 'city'; postalCode: string; communes: string[] };

/**
 * A place name as one key: no accents, no case, no spaces or punctuation, "St"/"Ste" spelt out, so that
 * "Saint-Raphaël", "ST RAPHAEL" and "st raphael" meet (as the gazetteer compares names).
 */
export function placeNameKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/\bst\b/g, 'saint')
    .replace(/\bste\b/g, 'sainte')
    .replace(/[^a-z0-9]+/g, '');
}

/** The commune among these that `city` names, by its official name or another it answers to. */
export function communeNamed(city: string, communes: readonly PostalCommune[]): PostalCommune | null {
  const key = placeNameKey(city);
  if (!key) return null;
  return communes.find((c) => placeNameKey(c.name) === key || c.otherNames.some((n) => placeNameKey(n) === key)) ?? null;
}

/**
 * The department a place is in, when the form names none (the administrator's): the commune's that the city
 * names at that postal code (a few postal codes serve communes of a neighbouring department: 05110 serves
 * Claret, in 04), else null.
 */
export function departmentOfPlace(city: string, communes: readonly PostalCommune[]): string | null {
  return communeNamed(city, communes)?.department ?? null;
}

/**
 * What is wrong with a place: a postal code that serves no commune of the department ("75001" in 83), or a
 * city that is not one of the postal code's communes in it ("Toulon" at 83300). `communes` are those the
 * postal code serves, every department included.
 */
export function placeIssues(place: { city: string; postalCode: string; department: string }, communes: readonly PostalCommune[]): PlaceIssue[] {
  const inDepartment = communes.filter((c) => c.department === place.department);
  if (inDepartment.length === 0) return [{ code: 'POSTAL_CODE_NOT_IN_DEPARTMENT', field: 'postalCode', postalCode: place.postalCode, department: place.department }];
  if (place.city && !communeNamed(place.city, inDepartment)) {
    return [{ code: 'CITY_NOT_AT_POSTAL_CODE', field: 'city', postalCode: place.postalCode, communes: [...new Set(inDepartment.map((c) => c.name))] }];
  }
  return [];
}
