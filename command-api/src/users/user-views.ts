import type { ExistingUser } from './user';

export function profileView(user: ExistingUser) {
  return { id: user.userId, email: user.email, role: user.role, isVerified: user.verified, ...user.profile };
}

export function adminUserView(user: ExistingUser, createdAt: string) {
  const { profile } = user;
  return {
    id: user.userId, email: user.email, firstName: profile.firstName, lastName: profile.lastName, phoneNumber: profile.phoneNumber,
    role: user.role, language: profile.language, isVerified: user.verified, createdAt,
  };
}
