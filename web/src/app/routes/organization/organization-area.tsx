import StorefrontIcon from '@mui/icons-material/Storefront';
import Button from '@mui/material/Button';
import { OrganizationDto } from '@recup/command-api/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageContainer } from '../../../components/layout/page-container';
import { PageLoader } from '../../../components/ui/page-loader';
import { StatusPanel } from '../../../components/ui/status-panel';
import { AttendancePage } from '../../../features/organization-attendance/components/attendance-page';
import { CentreBookingsPage } from '../../../features/organization-bookings/components/bookings-page';
import { CourseBatchPage } from '../../../features/organization-courses/components/batch-page';
import { CoursesPage } from '../../../features/organization-courses/components/courses-page';
import { OrganizationDashboardPage } from '../../../features/organization-dashboard/components/organization-dashboard-page';
import { AwaitedPacks } from '../../../features/organization-prefecture-pack/components/awaited-packs';
import { StatementsPage } from '../../../features/organization-statements/components/statements-page';
import { OrganizationReportsPage } from '../../../features/organization-reports/components/organization-reports-page';
import { OrganizationProfilePage } from '../../../features/organization-profile/components/organization-profile-page';
import { api, isApiError } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';
import { ORGANIZATION_NAMESPACE, organizationResources } from './locales/resources';

// The area's texts come with its code: the public pages never download them.
for (const [language, bundle] of Object.entries(organizationResources)) i18next.addResourceBundle(language, ORGANIZATION_NAMESPACE, bundle, true, true);

export type OrganizationSection =
  | 'organization'
  | 'organizationCourses'
  | 'organizationCoursesBatch'
  | 'organizationAttendance'
  | 'organizationBookings'
  | 'organizationStatements'
  | 'organizationProfile'
  | 'organizationReports';

/** `GET /api/organization`: the centre the account runs, or null before it registered one. */
const centreQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.organization, 'centre'] as const,
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/api/organization', { signal, schema: OrganizationDto });
      } catch (error) {
        if (isApiError(error) && error.code === 'ORGANIZATION_NOT_REGISTERED') return null;
        throw error;
      }
    },
  });

/** Loaded on demand, after the role check: visitors never download the training-centre screens, their grid or their texts. */
export default function OrganizationArea({ section }: { section: OrganizationSection }) {
  const { t } = useTranslation('organization');
  const centre = useQuery(centreQuery());

  if (section === 'organizationProfile') return <OrganizationProfilePage />;
  if (centre.isPending) return <PageLoader />;
  if (centre.isError) {
    return (
      <PageContainer title={t('errors.loadTitle')} maxWidth="md">
        <StatusPanel tone="error" role="alert" title={t('errors.loadTitle')} headingLevel="h1" actions={<Button variant="contained" onClick={() => void centre.refetch()}>{t('actions.retry', { ns: 'common' })}</Button>}>
          <p>{t('errors.load')}</p>
        </StatusPanel>
      </PageContainer>
    );
  }
  if (!centre.data) {
    return (
      <PageContainer title={t('notRegistered.title')} maxWidth="md">
        <StatusPanel icon={<StorefrontIcon />} title={t('notRegistered.title')} headingLevel="h1" actions={<Button component={RouterLink} to="/organization/profile" variant="contained">{t('notRegistered.action')}</Button>}>
          <p>{t('notRegistered.body')}</p>
        </StatusPanel>
      </PageContainer>
    );
  }
  switch (section) {
    case 'organization':
      return <OrganizationDashboardPage centre={centre.data} awaitedPacks={<AwaitedPacks />} />;
    case 'organizationCourses':
      return <CoursesPage centre={centre.data} />;
    case 'organizationCoursesBatch':
      return <CourseBatchPage centre={centre.data} />;
    case 'organizationBookings':
      return <CentreBookingsPage />;
    case 'organizationAttendance':
      return <AttendancePage />;
    case 'organizationStatements':
      return <StatementsPage />;
    case 'organizationReports':
      return <OrganizationReportsPage />;
  }
}
