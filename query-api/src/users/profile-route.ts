import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problems } from '@recup/infra/http/problem';
import { requireUser } from '@recup/infra/http/sessions';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import { ProfileDto } from '../contracts';
import type { QueryApiDeps } from '../deps';

export async function profileRoute(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/users/profile', { schema: { response: { 200: ProfileDto } } }, async (request) => {
    const { userId } = requireUser(request);
    const user = await deps.readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: userId });
    if (!user) throw problems.notSignedIn();
    return {
      id: user._id, email: user.email, role: user.role, isVerified: user.isVerified, title: user.title, firstName: user.firstName, lastName: user.lastName,
      dateOfBirth: user.dateOfBirth, countryOfBirth: user.countryOfBirth, placeOfBirth: user.placeOfBirth, address: user.address, addressDetails: user.addressDetails,
      postalCode: user.postalCode, city: user.city, country: user.country, phoneNumber: user.phoneNumber, landlinePhone: user.landlinePhone,
      licenseNumber: user.licenseNumber, language: user.language,
    };
  });
}
