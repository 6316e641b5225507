import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LibraryAddOutlinedIcon from '@mui/icons-material/LibraryAddOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
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
import { DEFAULT_PAGE_SIZE, useListState } from '../../../components/admin/use-list-state';
import { AppDataGrid } from '../../../components/data-grid/app-data-grid';
import { useSearchAsYouType } from '../../../components/forms/use-search-as-you-type';
import type { CellRenderer } from '../../../components/data-grid/column-spec';
import { PageContainer } from '../../../components/layout/page-container';
import { CourseFormDialog } from '../../../components/course-form/course-form-dialog';
import { useToast } from '../../../components/ui/toast/use-toast';
import { serverMessageOf } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/download';
import { formatCourseDay, formatLongDate, formatTime } from '../../../lib/format';
import { localeOf } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language';
import { useCreateCourse, useUpdateCourse } from '../api/course-mutations';
import { centreCourseQueries } from '../api/course-queries';
import { COURSE_SORTS, courseLock, courseMonths, listCourses, type CourseShow, type CourseSort } from '../utils/course-list';
import { COURSE_COLUMNS } from './columns';
import { CourseStatusChip } from './course-status-chip';
import { DeleteCourseDialog } from './delete-course-dialog';
import { SpotsChip } from './spots-chip';

const PAGE_SIZE = 10;
const FILTERS = ['show', 'month'] as const;
const SHOWS: readonly CourseShow[] = ['all', 'upcoming', 'past'];

/** "décembre 2026" / "December 2026", for a `YYYY-MM` month. */
function monthName(month: string, language: 'fr' | 'en'): string {
  const name = new Intl.DateTimeFormat(localeOf(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** `/organization/courses` (spec 001 §2): the centre's courses, filtered, 10 a page, with create, edit and delete. */
export function CoursesPage({ centre }: { centre: OrganizationDto }) {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const toast = useToast();
  const courses = useQuery(centreCourseQueries.list());
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // What the list shows is kept in the address (search, what to show, month, order, page), as the other lists.
  const list = useListState(FILTERS, 'course');
  const show: CourseShow = (SHOWS as readonly string[]).includes(list.state.filters.show) ? (list.state.filters.show as CourseShow) : 'all';
  const sort: CourseSort = (COURSE_SORTS as readonly string[]).includes(list.state.sort ?? '') ? (list.state.sort as CourseSort) : 'default';
  const month = /^\d{4}-\d{2}$/.test(list.state.filters.month) ? list.state.filters.month : '';
  const search = useSearchAsYouType(list.state.q, list.setSearch);
  const [params, setParams] = useSearchParams();
  // The dashboard's "create a course" lands here with ?create=1.
  const [editing, setEditing] = useState<OrganizationCourseDto | 'new' | null>(() => (params.get('create') === '1' && centre.isVerified ? 'new' : null));
  useEffect(() => {
    if (!params.has('create')) return;
    const next = new URLSearchParams(params);
    next.delete('create');
    setParams(next, { replace: true });
  }, [params, setParams]);
  const [deleting, setDeleting] = useState<OrganizationCourseDto | null>(null);
  const create = useCreateCourse();
  const update = useUpdateCourse();

  const months = useMemo(() => courseMonths(courses.data ?? []), [courses.data]);
  const rows = useMemo(() => listCourses(courses.data ?? [], { show, q: list.state.q, sort, month }, new Date()), [courses.data, show, list.state.q, sort, month]);
  const filtered = show !== 'all' || list.state.q !== '' || sort !== 'default' || month !== '';

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
        {phone ? <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>{`${formatCourseDay(course.startDate, language)} ${formatTime(course.startDate, language)}`}</Box> : null}
      </Box>
    ),
    spots: (course) => (
      <Box sx={{ py: 0.75 }}>
        <SpotsChip spotsLeft={course.spotsLeft} totalSpots={course.totalSpots} />
        {course.waitingCount > 0 ? (
          <Box data-testid="course-waiting" sx={{ color: 'text.secondary', fontSize: '0.8125rem', mt: 0.5 }}>
            {t('courses.grid.waiting', { count: course.waitingCount })}
          </Box>
        ) : null}
      </Box>
    ),
    status: (course) => <CourseStatusChip status={course.status} />,
    actions: (course) => {
      const lock = courseLock(course, new Date());
      const label = describe(course);
      return (
        <Stack direction="row" spacing={0.25} useFlexGap sx={{ flexWrap: 'wrap', py: 0.5 }}>
          <Tooltip title={t('courses.grid.viewBookings', label)}>
            <IconButton component={RouterLink} to={`/organization/bookings?courseId=${encodeURIComponent(course.id)}`} aria-label={t('courses.grid.viewBookings', label)} size="small">
              <PeopleOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {course.status !== 'CANCELLED' ? (
            <Tooltip title={t('courses.grid.attendance', label)}>
              <IconButton component={RouterLink} to={`/organization/courses/${encodeURIComponent(course.id)}/attendance`} aria-label={t('courses.grid.attendance', label)} size="small">
                <FactCheckOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
          <Tooltip title={t('courses.grid.attendanceSheet', label)}>
            <IconButton onClick={() => void attendanceSheet(course)} aria-label={t('courses.grid.attendanceSheet', label)} size="small">
              <PrintOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={lock ? t(`courses.grid.locked.${lock}`) : t('courses.grid.edit', label)}>
            <span data-testid="edit-course">
              <IconButton onClick={() => setEditing(course)} disabled={lock !== null} aria-label={t('courses.grid.edit', label)} size="small">
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={lock ? t(`courses.grid.locked.${lock}`) : t('courses.grid.delete', label)}>
            <span data-testid="delete-course">
              <IconButton onClick={() => setDeleting(course)} disabled={lock !== null} aria-label={t('courses.grid.delete', label)} size="small" color="error">
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

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ mb: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          value={show}
          exclusive
          size="small"
          color="primary"
          aria-label={t('courses.filters.label')}
          onChange={(_, value: CourseShow | null) => {
            if (value) list.setFilter('show', value === 'all' ? '' : value);
          }}
          sx={{ flex: '0 0 auto', alignSelf: { xs: 'flex-start', md: 'center' } }}
        >
          <ToggleButton value="all">{t('courses.filters.all')}</ToggleButton>
          <ToggleButton value="upcoming">{t('courses.filters.upcoming')}</ToggleButton>
          <ToggleButton value="past">{t('courses.filters.past')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          id="courses-search"
          type="search"
          size="small"
          label={t('courses.filters.search')}
          placeholder={t('courses.filters.searchHint')}
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') search.flush();
          }}
          sx={{ flex: { md: '1 1 220px' } }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon aria-hidden="true" /></InputAdornment> }, htmlInput: { maxLength: 100 } }}
        />
        <TextField
          id="courses-month"
          select
          size="small"
          label={t('courses.filters.month')}
          value={month}
          onChange={(event) => list.setFilter('month', event.target.value)}
          sx={{ flex: { md: '0 0 200px' } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('courses.filters.allMonths')}</MenuItem>
          {months.map((m) => (
            <MenuItem key={m} value={m}>
              {monthName(m, language)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="courses-sort"
          select
          size="small"
          label={t('courses.filters.sort')}
          value={sort}
          onChange={(event) => list.setSort(event.target.value === 'default' ? null : event.target.value, null)}
          sx={{ flex: { md: '0 0 250px' } }}
        >
          {COURSE_SORTS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`courses.filters.sorts.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        {filtered ? (
          <Button variant="text" onClick={list.reset}>
            {t('courses.filters.reset')}
          </Button>
        ) : null}
      </Stack>

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
          page={list.state.page + 1}
          pageSize={PAGE_SIZE}
          onPageChange={(n) => list.setPage(n - 1, DEFAULT_PAGE_SIZE)}
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

      {editing ? (
        <CourseFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          course={editing === 'new' ? null : editing}
          open
          onClose={() => setEditing(null)}
          save={(course, revision) => (editing === 'new' ? create.mutateAsync(course) : update.mutateAsync({ id: editing.id, course, revision }))}
        />
      ) : null}
      {deleting ? <DeleteCourseDialog course={deleting} onClose={() => setDeleting(null)} /> : null}
    </PageContainer>
  );
}
