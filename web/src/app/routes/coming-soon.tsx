import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/layout/coming-soon-page';
import { AccessDeniedPanel } from '../../components/ui/access-denied-panel';
import { RequireAuth } from '../../features/auth/components/require-auth';

export type PageKey =
  | 'howItWorks'
  | 'faq'
  | 'contact'
  | 'profile'
  | 'verifyEmail'
  | 'resetPassword'
  | 'forgotPassword'
  | 'resendVerification'
  | 'legalNotice'
  | 'privacyPolicy'
  | 'terms'
  | 'cookies';

/** Public pages whose content comes with a later issue. */
export function ComingSoonRoute({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return <ComingSoonPage title={t(`pages.${page}`)} />;
}

export function ProfileRoute() {
  return (
    <RequireAuth whenAnonymous={<AccessDeniedPanel />}>
      <ComingSoonRoute page="profile" />
    </RequireAuth>
  );
}
