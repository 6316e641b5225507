import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../../components/layout/coming-soon-page';

export type AdminSection = 'admin' | 'adminCourses' | 'adminBookings' | 'adminPayments' | 'adminOrganizations' | 'adminUsers';

/** Loaded on demand, after the role check: visitors never download the administration screens. */
export default function AdminArea({ section }: { section: AdminSection }) {
  const { t } = useTranslation();
  return <ComingSoonPage title={t(`pages.${section}`)} />;
}
