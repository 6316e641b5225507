import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../../components/layout/coming-soon-page';

export type OrganizationSection =
  | 'organization'
  | 'organizationCourses'
  | 'organizationCoursesBatch'
  | 'organizationBookings'
  | 'organizationProfile';

/** Loaded on demand, after the role check: visitors never download the training-centre screens. */
export default function OrganizationArea({ section }: { section: OrganizationSection }) {
  const { t } = useTranslation();
  return <ComingSoonPage title={t(`pages.${section}`)} />;
}
