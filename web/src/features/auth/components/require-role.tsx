import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageLoader } from '../../../components/ui/page-loader';
import { useSession } from '../../../lib/current-user';
import type { Role } from '../utils/roles';

/**
 * Staff areas (specification 001 §2): an anonymous visitor goes to /, a signed-in user of another role to
 * /dashboard. The server checks the role again on every call; this only keeps people out of screens they cannot use.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const session = useSession();
  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'anonymous') return <Navigate to="/" replace />;
  if (session.user.role !== role) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
