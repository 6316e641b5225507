import { AccessDeniedPanel } from '../../components/ui/access-denied-panel';
import { PageLoader } from '../../components/ui/page-loader';
import { useSession } from '../../lib/current-user';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { WaitingListEntries } from '../../features/waiting-list/components/waiting-list-entries';

export function DashboardRoute() {
  const session = useSession();
  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'anonymous') return <AccessDeniedPanel />;
  // Only learners wait for places; a centre's or an administrator's account has no line.
  return <DashboardPage firstName={session.user.firstName} waitingList={session.user.role === 'USER' ? <WaitingListEntries /> : null} />;
}
