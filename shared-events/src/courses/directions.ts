/**
 * The way to a course's address, for a learner's phone or computer: a search of the address on OpenStreetMap,
 * which every browser opens and which offers directions from there. Our links (screens, e-mails) to it are built
 * here only, from the address alone, encoded.
 */
export const DIRECTIONS_SITE = 'https://www.openstreetmap.org/search?query=';

export function directionsUrl(place: { address: string; postalCode: string; city: string }): string {
  return `${DIRECTIONS_SITE}${encodeURIComponent(`${place.address}, ${place.postalCode} ${place.city}, France`)}`;
}
