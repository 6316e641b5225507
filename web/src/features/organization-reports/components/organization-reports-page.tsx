import { useTranslation } from 'react-i18next';
import { ANNUAL_REPORT_NAMESPACE, AnnualReportPanel } from '../../../components/annual-report/annual-report-panel';
import { PageContainer } from '../../../components/layout/page-container';

/** `/organization/reports`: the centre's annual report to the prefecture (issue 20 §4). */
export function OrganizationReportsPage() {
  const { t } = useTranslation(ANNUAL_REPORT_NAMESPACE);
  return (
    <PageContainer title={t('title')} maxWidth="xl">
      <AnnualReportPanel scope={{ kind: 'organization' }} headingLevel="h1" />
    </PageContainer>
  );
}
