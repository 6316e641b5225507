import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/layout/coming-soon-page';

export type PageKey = 'howItWorks' | 'faq' | 'contact' | 'legalNotice' | 'privacyPolicy' | 'terms' | 'cookies';

/** Public pages whose content comes with a later issue. */
export function ComingSoonRoute({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return <ComingSoonPage title={t(`pages.${page}`)} />;
}
