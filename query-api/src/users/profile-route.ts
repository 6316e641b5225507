import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problems } from '@recup/infra/http/problem';
import { requireUser } from '@recup/infra/http/sessions';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import { ProfileDto } from '../contracts';
import type { QueryApiDeps } from '../deps';
import { sendEtag, streamRevision } from '../stream-revision';
import { streams } from '@recup/shared-events';

export async function profileRoute(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/users/profile', { schema: { response: { 200: ProfileDto } } }, async (request, reply) => {
    const { userId } = requireUser(request);
    const user = await deps.readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: userId });
    if (!user) throw problems.notSignedIn();
    // The ETag an edit of the profile sends back as If-Match.
    const revision = streamRevision(user, streams.user(user._id));
    sendEtag(reply, revision);
    return {
      id: user._id, email: user.email, role: user.role, isVerified: user.isVerified, title: user.title, firstName: user.firstName, lastName: user.lastName,
      dateOfBirth: user.dateOfBirth, countryOfBirth: user.countryOfBirth, placeOfBirth: user.placeOfBirth, address: user.address, addressDetails: user.addressDetails,
      postalCode: user.postalCode, city: user.city, country: user.country, phoneNumber: user.phoneNumber, landlinePhone: user.landlinePhone,
      licenseNumber: user.licenseNumber, language: user.language, revision,
    };
  });
}
