import { AccessDeniedPanel } from '../../components/ui/access-denied-panel';
import { PageLoader } from '../../components/ui/page-loader';
import { useSession } from '../../features/auth/api/current-user';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';

export function DashboardRoute() {
  const session = useSession();
  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'anonymous') return <AccessDeniedPanel />;
  return <DashboardPage firstName={session.user.firstName} />;
}
