import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LibraryAddOutlinedIcon from '@mui/icons-material/LibraryAddOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { OrganizationDto } from '@recup/command-api/contracts/organizations';
import type { OrganizationCourseDto } from '@recup/query-api/contracts/organization';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { AppDataGrid } from '../../../components/data-grid/app-data-grid';
import type { CellRenderer } from '../../../components/data-grid/column-spec';
import { PageContainer } from '../../../components/layout/page-container';
import { useToast } from '../../../components/ui/toast/use-toast';
import { serverMessageOf } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/download';
import { formatLongDate, formatShortDate, formatTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { centreCourseQueries } from '../api/course-queries';
import { isUpcoming } from '../utils/spots';
import { COURSE_COLUMNS } from './columns';
import { CourseFormDialog } from './course-form-dialog';
import { CourseStatusChip } from './course-status-chip';
import { DeleteCourseDialog } from './delete-course-dialog';
import { SpotsChip } from './spots-chip';

type Filter = 'all' | 'upcoming' | 'past';
const PAGE_SIZE = 10;

/** `/organization/courses` (spec 001 §2): the centre's courses, filtered, 10 a page, with create, edit and delete. */
export function CoursesPage({ centre }: { centre: OrganizationDto }) {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const toast = useToast();
  const courses = useQuery(centreCourseQueries.list());
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  // The dashboard's "create a course" lands here with ?create=1.
  const [editing, setEditing] = useState<OrganizationCourseDto | 'new' | null>(() => (params.get('create') === '1' && centre.isVerified ? 'new' : null));
  useEffect(() => {
    if (params.has('create')) setParams({}, { replace: true });
  }, [params, setParams]);
  const [deleting, setDeleting] = useState<OrganizationCourseDto | null>(null);

  const rows = useMemo(() => {
    const now = new Date();
    // Upcoming soonest first, then the past, latest first.
    const upcoming = (courses.data ?? []).filter((c) => isUpcoming(c, now)).sort((a, b) => a.startDate.localeCompare(b.startDate));
    const past = (courses.data ?? []).filter((c) => !isUpcoming(c, now)).sort((a, b) => b.startDate.localeCompare(a.startDate));
    if (filter === 'upcoming') return upcoming;
    if (filter === 'past') return past;
    return [...upcoming, ...past];
  }, [courses.data, filter]);

  const translate = useCallback((key: string) => t(key as never), [t]);
  const describe = useCallback((course: OrganizationCourseDto) => ({ title: course.title, date: formatLongDate(course.startDate, language) }), [language]);

  const attendanceSheet = useCallback(async (course: OrganizationCourseDto) => {
    try {
      await downloadFromApi(`/api/organization/courses/${encodeURIComponent(course.id)}/attendance-sheet`, 'feuille-emargement.pdf');
    } catch (error) {
      toast({ variant: 'destructive', title: t('errors.title'), description: serverMessageOf(error) ?? t('errors.generic') });
    }
  }, [t, toast]);

  const renderers = useMemo<Record<string, CellRenderer<OrganizationCourseDto>>>(() => ({
    title: (course) => (
      <Box sx={{ minWidth: 0, py: 1, lineHeight: 1.4 }}>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box component="span" sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>{course.title}</Box>
          {course.shortOfParticipants ? (
            <Tooltip title={t('courses.grid.short')}>
              <WarningAmberIcon color="warning" fontSize="small" aria-label={t('courses.grid.short')} role="img" />
            </Tooltip>
          ) : null}
        </Stack>
        {phone ? <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>{`${formatShortDate(course.startDate, language)} ${formatTime(course.startDate, language)}`}</Box> : null}
      </Box>
    ),
    spots: (course) => <SpotsChip spotsLeft={course.spotsLeft} totalSpots={course.totalSpots} />,
    status: (course) => <CourseStatusChip status={course.status} />,
    actions: (course) => {
      const cancelled = course.status === 'CANCELLED';
      const label = describe(course);
      return (
        <Stack direction="row" spacing={0.25} useFlexGap sx={{ flexWrap: 'wrap', py: 0.5 }}>
          <Tooltip title={t('courses.grid.viewBookings', label)}>
            <IconButton component={RouterLink} to={`/organization/bookings?courseId=${encodeURIComponent(course.id)}`} aria-label={t('courses.grid.viewBookings', label)} size="small">
              <PeopleOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('courses.grid.attendanceSheet', label)}>
            <IconButton onClick={() => void attendanceSheet(course)} aria-label={t('courses.grid.attendanceSheet', label)} size="small">
              <PrintOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('courses.grid.edit', label)}>
            <span>
              <IconButton onClick={() => setEditing(course)} disabled={cancelled} aria-label={t('courses.grid.edit', label)} size="small">
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('courses.grid.delete', label)}>
            <span>
              <IconButton onClick={() => setDeleting(course)} disabled={cancelled} aria-label={t('courses.grid.delete', label)} size="small" color="error">
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      );
    },
  }), [t, describe, attendanceSheet, phone, language]);

  return (
    <PageContainer title={t('courses.title')} maxWidth="xl">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' }, mb: 3 }}>
        <Box>
          <Typography component="h1" variant="h1">
            {t('courses.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('courses.subtitle')}
          </Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button component={RouterLink} to="/organization/courses/batch" variant="outlined" startIcon={<LibraryAddOutlinedIcon aria-hidden="true" />} disabled={!centre.isVerified}>
            {t('courses.createSeveral')}
          </Button>
          <Button variant="contained" startIcon={<AddIcon aria-hidden="true" />} onClick={() => setEditing('new')} disabled={!centre.isVerified}>
            {t('courses.create')}
          </Button>
        </Stack>
      </Stack>

      {!centre.isVerified ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          <strong>{t('pending.title')}</strong> — {t('pending.body')}
        </Alert>
      ) : null}

      <ToggleButtonGroup
        value={filter}
        exclusive
        size="small"
        color="primary"
        aria-label={t('courses.filters.label')}
        onChange={(_, value: Filter | null) => {
          if (!value) return;
          setFilter(value);
          setPage(1);
        }}
        sx={{ mb: 2 }}
      >
        <ToggleButton value="all">{t('courses.filters.all')}</ToggleButton>
        <ToggleButton value="upcoming">{t('courses.filters.upcoming')}</ToggleButton>
        <ToggleButton value="past">{t('courses.filters.past')}</ToggleButton>
      </ToggleButtonGroup>

      {courses.isError ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void courses.refetch()}>{t('actions.retry', { ns: 'common' })}</Button>}>
          {t('errors.load')}
        </Alert>
      ) : (
        <AppDataGrid
          rows={rows}
          columns={COURSE_COLUMNS}
          renderers={renderers}
          t={translate}
          label={t('courses.grid.label')}
          loading={courses.isPending}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={setPage}
          paginationLabels={{
            navigation: t('pagination.navigation'),
            previous: t('pagination.previous'),
            next: t('pagination.next'),
            goToPage: (n) => t('pagination.goToPage', { page: n }),
            showing: (from, to, total) => t('pagination.showing', { from, to, total }),
          }}
          empty={<Typography color="text.secondary">{t('courses.grid.empty')}</Typography>}
        />
      )}

      {editing ? <CourseFormDialog key={editing === 'new' ? 'new' : editing.id} course={editing === 'new' ? null : editing} open onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteCourseDialog course={deleting} onClose={() => setDeleting(null)} /> : null}
    </PageContainer>
  );
}
