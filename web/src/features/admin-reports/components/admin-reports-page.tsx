import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AdminOrganizationDto } from '@recup/query-api/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { adminRoot } from '../../../components/admin/admin-query-root';
import { ANNUAL_REPORT_NAMESPACE, AnnualReportPanel } from '../../../components/annual-report/annual-report-panel';
import { PageContainer } from '../../../components/layout/page-container';
import { api } from '../../../lib/api-client';

const centresQuery = () =>
  queryOptions({
    queryKey: [...adminRoot, 'organizations', 'report-choices'] as const,
    queryFn: ({ signal }) => api.get('/api/admin/organizations', { signal, schema: z.array(AdminOrganizationDto) }),
  });

/**
 * `/admin/reports?organizationId=…`: any centre's annual report, the same the centre downloads (issue 20 §4). The
 * centre is chosen here, or comes from the centres' grid.
 */
export function AdminReportsPage() {
  const { t } = useTranslation(ANNUAL_REPORT_NAMESPACE);
  const [params, setParams] = useSearchParams();
  const organizationId = params.get('organizationId') ?? '';
  const centres = useQuery(centresQuery());
  const sorted = [...(centres.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'fr'));

  return (
    <PageContainer title={t('admin.title')} maxWidth="xl">
      <Typography component="h1" variant="h1" gutterBottom>
        {t('admin.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('admin.intro')}
      </Typography>
      {centres.isPending ? (
        <Skeleton variant="rounded" height={56} sx={{ mb: 3, maxWidth: 480 }} />
      ) : centres.isError ? (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {t('admin.centresError')}
        </Alert>
      ) : (
        <TextField
          select
          label={t('admin.centre')}
          value={organizationId}
          onChange={(event) => setParams(event.target.value ? { organizationId: event.target.value } : {}, { replace: true })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ mb: 3, width: '100%', maxWidth: 480 }}
          data-testid="admin-report-centre"
        >
          <option value="">—</option>
          {sorted.map((centre) => (
            <option key={centre.id} value={centre.id}>
              {`${centre.name} (${centre.city})`}
            </option>
          ))}
        </TextField>
      )}
      {organizationId ? (
        <AnnualReportPanel key={organizationId} scope={{ kind: 'admin', organizationId }} />
      ) : (
        <Box>
          <Alert severity="info">{t('admin.chooseCentre')}</Alert>
        </Box>
      )}
    </PageContainer>
  );
}
