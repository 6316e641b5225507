import { PostalCodeCommunesDto } from '@recup/query-api/contracts/places';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The communes a postal code serves (La Poste's codes never change while the form is open). */
const placeQueries = {
  communes: (postalCode: string) =>
    queryOptions({
      queryKey: ['places', 'postal-codes', postalCode] as const,
      queryFn: ({ signal }) => api.get(`/api/places/postal-codes/${encodeURIComponent(postalCode)}`, { signal, schema: PostalCodeCommunesDto }),
      staleTime: Infinity,
    }),
};

/** The communes of the postal code typed, once it has its 5 digits; null until they are known. */
export function usePostalCommunes(postalCode: string) {
  const code = postalCode.trim();
  const query = useQuery({ ...placeQueries.communes(code), enabled: /^\d{5}$/.test(code) });
  return /^\d{5}$/.test(code) && query.data?.postalCode === code ? query.data.communes : null;
}
