/**
 * The communes a postal code serves (La Poste's codes, the six departments): the course form proposes the city
 * and checks the place with them before sending, by the same rule as the command side. Pure: the web imports these.
 */
import { z } from 'zod';

export const PostalCodeParams = z.object({ postalCode: z.string().regex(/^\d{5}$/, { message: 'A postal code has 5 digits' }) });

const PostalCommuneDto = z.object({ name: z.string(), department: z.string(), otherNames: z.array(z.string()) });
type PostalCommuneDto = z.infer<typeof PostalCommuneDto>;

/** `GET /api/places/postal-codes/{postalCode}`: none for a code no commune of the six departments has. */
export const PostalCodeCommunesDto = z.object({ postalCode: z.string(), communes: z.array(PostalCommuneDto) });
export type PostalCodeCommunesDto = z.infer<typeof PostalCodeCommunesDto>;
