import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AnnualReport } from '@recup/command-api/contracts/reports';
import { parisDay } from '@recup/shared-events/calendar/paris';
import { queryOptions, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { downloadFromApi } from '../../lib/download';
import { formatShortDate } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { VisuallyHidden } from '../ui/visually-hidden';
import { annualReportEn } from './locales/en';
import { annualReportFr } from './locales/fr';

// The panel's texts come with its code: only the staff areas that show it download them.
export const ANNUAL_REPORT_NAMESPACE = 'annualReport' as const;
i18next.addResourceBundle('fr', ANNUAL_REPORT_NAMESPACE, annualReportFr, true, true);
i18next.addResourceBundle('en', ANNUAL_REPORT_NAMESPACE, annualReportEn, true, true);

/** Whose report: the signed-in centre's own, or any centre's for an administrator. */
type AnnualReportScope = { kind: 'organization' } | { kind: 'admin'; organizationId: string };

/** The current year in Paris, where the courses take place. */
export function currentParisYear(now = new Date()): number {
  return Number(parisDay(now).slice(0, 4));
}

/** The years offered: this year and the nine before it (the report of a year is asked for in the January after it). */
function reportYears(now = new Date()): number[] {
  const current = currentParisYear(now);
  return Array.from({ length: 10 }, (_, i) => current - i).filter((year) => year >= 2000);
}

function reportPath(scope: AnnualReportScope, year: number, format: 'pdf' | 'csv' | 'json', lang: string) {
  const query = new URLSearchParams({ year: String(year), format, lang });
  if (scope.kind === 'admin') query.set('organizationId', scope.organizationId);
  return `/api/${scope.kind === 'admin' ? 'admin' : 'organization'}/reports/annual?${query.toString()}`;
}

const annualReportQuery = (scope: AnnualReportScope, year: number) =>
  queryOptions({
    queryKey: ['annual-report', scope.kind, scope.kind === 'admin' ? scope.organizationId : 'own', year] as const,
    queryFn: async ({ signal }) => {
      const { AnnualReport: schema } = await import('@recup/command-api/contracts/reports');
      return api.get(reportPath(scope, year, 'json', 'fr'), { signal, schema });
    },
  });

/**
 * The annual report to the prefecture (issue 20 §4): a year picker (last year by default, as it is asked for in
 * January), the year's figures, and the PDF and CSV the centre sends, in the language shown.
 */
export function AnnualReportPanel({ scope, headingLevel = 'h2' }: { scope: AnnualReportScope; headingLevel?: 'h1' | 'h2' }) {
  const { t } = useTranslation(ANNUAL_REPORT_NAMESPACE);
  const language = useLanguage();
  const [year, setYear] = useState(() => currentParisYear() - 1);
  const [downloading, setDownloading] = useState<'pdf' | 'csv' | null>(null);
  const [downloadError, setDownloadError] = useState(false);
  const report = useQuery(annualReportQuery(scope, year));
  const headingId = useId();
  const sub = headingLevel === 'h1' ? 'h2' : 'h3';

  const download = async (format: 'pdf' | 'csv') => {
    setDownloading(format);
    setDownloadError(false);
    try {
      const fallback = `${language === 'fr' ? 'bilan-annuel' : 'annual-report'}-${year}.${format}`;
      await downloadFromApi(reportPath(scope, year, format, language), fallback);
    } catch {
      setDownloadError(true);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Card component="section" aria-labelledby={headingId} data-testid="annual-report">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={headingId} component={headingLevel} variant={headingLevel === 'h1' ? 'h1' : 'h5'} gutterBottom>
          {t('title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
          <TextField
            select
            label={t('year')}
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
            slotProps={{ select: { native: true } }}
            sx={{ width: { xs: '100%', sm: 160 }, flexShrink: 0 }}
            size="small"
          >
            {reportYears().map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<DownloadIcon aria-hidden="true" />} onClick={() => void download('pdf')} disabled={downloading !== null} data-testid="annual-report-pdf">
              {t('downloadPdf')}
            </Button>
            <Button variant="outlined" startIcon={<DownloadIcon aria-hidden="true" />} onClick={() => void download('csv')} disabled={downloading !== null} data-testid="annual-report-csv">
              {t('downloadCsv')}
            </Button>
          </Stack>
        </Stack>
        {downloadError ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {t('downloadFailed')}
          </Alert>
        ) : null}
        {report.isPending ? (
          <Box role="status" aria-live="polite">
            <VisuallyHidden>{t('loading')}</VisuallyHidden>
            <Skeleton variant="rounded" height={120} sx={{ mb: 1 }} />
            <Skeleton variant="rounded" height={120} />
          </Box>
        ) : report.isError ? (
          <Alert severity="error" role="alert" action={<Button color="inherit" size="small" onClick={() => void report.refetch()}>{t('retry')}</Button>}>
            {t('loadError')}
          </Alert>
        ) : (
          <Figures report={report.data} sub={sub} language={language} />
        )}
      </CardContent>
    </Card>
  );
}

function Figures({ report, sub, language }: { report: AnnualReport; sub: 'h2' | 'h3'; language: ReturnType<typeof useLanguage> }) {
  const { t } = useTranslation(ANNUAL_REPORT_NAMESPACE);
  if (report.courses.declared === 0) {
    return (
      <Alert severity="info" data-testid="annual-report-empty">
        {t('empty', { year: report.year })}
      </Alert>
    );
  }
  const rows = (items: Array<[string, number]>) => (
    <Table size="small">
      <TableBody>
        {items.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row">{label}</TableCell>
            <TableCell align="right">{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  const heading = (text: string) => (
    <Typography component={sub} variant="h6" sx={{ mt: 1, mb: 1 }}>
      {text}
    </Typography>
  );
  return (
    <Box data-testid="annual-report-figures">
      {report.provisional ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('provisional')}
        </Alert>
      ) : null}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          {heading(t('courses.heading'))}
          {rows([
            [t('courses.declared'), report.courses.declared],
            [t('courses.held'), report.courses.held],
            [t('courses.cancelled'), report.courses.cancelled],
            ...(report.courses.scheduled > 0 ? [[t('courses.scheduled'), report.courses.scheduled] as [string, number]] : []),
          ])}
          {report.courses.cancellationReasons.length > 0 ? (
            <>
              <Typography component="p" variant="subtitle2" sx={{ mt: 2 }}>
                {t('courses.reasons')}
              </Typography>
              {rows(report.courses.cancellationReasons.map(({ reason, count }) => [t(`reasons.${reason}`), count]))}
            </>
          ) : null}
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          {heading(t('trainees.heading'))}
          {rows([
            [t('trainees.total'), report.trainees.total],
            ...report.trainees.byCase.map(({ case: learnerCase, count }) => [t(`cases.${learnerCase}`), count] as [string, number]),
          ])}
          <Box sx={{ mt: 2 }}>
            {rows([
              [t('trainees.completed'), report.trainees.completed],
              [t('trainees.notCompleted'), report.trainees.notCompleted],
              [t('trainees.notRecorded'), report.trainees.notRecorded],
            ])}
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          {heading(t('facilitators.heading'))}
          {report.facilitators.length === 0 ? (
            <Typography color="text.secondary">{t('facilitators.none')}</Typography>
          ) : (
            <Table size="small">
              <TableBody>
                {report.facilitators.map(({ role, name, courses }) => (
                  <TableRow key={`${role}:${name}`}>
                    <TableCell component="th" scope="row">
                      {name}
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {t(`roles.${role}`)}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{t('facilitators.courses', { count: courses })}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {report.coursesHeldWithoutFacilitators > 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('facilitators.without', { count: report.coursesHeldWithoutFacilitators })}
            </Typography>
          ) : null}
        </Grid>
      </Grid>
      {heading(t('list.heading'))}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('list.heading')}>
        <Table size="small" sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('list.dates')}</TableCell>
              <TableCell>{t('list.place')}</TableCell>
              <TableCell>{t('list.ants')}</TableCell>
              <TableCell align="right">{t('list.trainees')}</TableCell>
              <TableCell align="right">{t('list.completed')}</TableCell>
              <TableCell>{t('list.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.courseList.map((course) => (
              <TableRow key={course.courseId}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatShortDate(course.startDate, language)} – {formatShortDate(course.endDate, language)}
                </TableCell>
                <TableCell>{`${course.city} (${course.postalCode})`}</TableCell>
                <TableCell>{course.antsNumber ?? '—'}</TableCell>
                <TableCell align="right">{course.trainees}</TableCell>
                <TableCell align="right">{course.status === 'HELD' ? course.completed : '—'}</TableCell>
                <TableCell>
                  {t(`statuses.${course.status}`)}
                  {course.status === 'CANCELLED' && course.cancellationReason ? ` (${t(`reasons.${course.cancellationReason}`)})` : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
