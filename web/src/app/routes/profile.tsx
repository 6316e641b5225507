import { AccessDeniedPanel } from '../../components/ui/access-denied-panel';
import { ProfilePage } from '../../features/account/components/profile-page';
import { RequireAuth } from '../../features/auth/components/require-auth';

export function ProfileRoute() {
  return (
    <RequireAuth whenAnonymous={<AccessDeniedPanel />}>
      <ProfilePage />
    </RequireAuth>
  );
}
