import type { ReactNode } from 'react';
import { PageLoader } from '../../../components/ui/page-loader';
import { useSession } from '../../../lib/current-user';

/** Renders its children for a signed-in visitor; `whenAnonymous` (a redirect or a panel) once the check says otherwise. */
export function RequireAuth({ children, whenAnonymous }: { children: ReactNode; whenAnonymous: ReactNode }) {
  const session = useSession();
  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'anonymous') return <>{whenAnonymous}</>;
  return <>{children}</>;
}
