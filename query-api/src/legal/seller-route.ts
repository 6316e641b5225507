import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEMO_SELLER, isDemonstrationSeller } from '@recup/infra/seller-identity';
import { SellerIdentityDto } from '../contracts';
import type { QueryApiDeps } from '../deps';

/** Who sells: the same identity the invoices carry, for the legal notice (public, as the notice is). */
export async function sellerRoute(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/legal/seller', { schema: { response: { 200: SellerIdentityDto } } }, async () => {
    const seller = deps.seller ?? DEMO_SELLER;
    return { ...seller, demonstration: isDemonstrationSeller(seller) };
  });
}
