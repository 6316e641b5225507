import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { postalCommunes } from '@recup/infra/geo/postal-communes';
import { PostalCodeCommunesDto, PostalCodeParams } from '../contracts/places';

/** The communes a postal code serves, from the communes data (public, as La Poste's codes are). */
export async function placeRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/places/postal-codes/:postalCode', {
    schema: { params: PostalCodeParams, response: { 200: PostalCodeCommunesDto } },
  }, async (request) => ({
    postalCode: request.params.postalCode,
    communes: postalCommunes(request.params.postalCode).map((c) => ({ ...c, otherNames: [...c.otherNames] })),
  }));
}
