import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import EuroIcon from '@mui/icons-material/EuroOutlined';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import SearchIcon from '@mui/icons-material/Search';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, useListState } from '../../../components/admin/use-list-state';
import { AppDataGrid } from '../../../components/data-grid/app-data-grid';
import { useSearchAsYouType } from '../../../components/forms/use-search-as-you-type';
import type { CellRenderer } from '../../../components/data-grid/column-spec';
import { PageContainer } from '../../../components/layout/page-container';
import { MoveBookingDialog } from '../../../components/booking-move/lazy-move-dialog';
import { useToast } from '../../../components/ui/toast/use-toast';
import { serverMessageOf } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/download';
import { formatCourseDay, formatTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { learnerCaseLines } from '../../../components/learner-case/learner-case-values';
import { centreBookingQueries, type CentreBooking } from '../api/booking-queries';
import { matchesSearch } from '../utils/booking-search';
import { courseOptionLabel } from '../utils/course-option';
import { ApproveBookingDialog } from './approve-booking-dialog';
import { BookingDetailDialog } from './booking-detail-dialog';
import { BookingStatusChip, PaymentChip } from './booking-chips';
import { BOOKING_COLUMNS } from './columns';
import { CourseWaitingList } from './course-waiting-list';
import { RecordPaymentDialog } from './record-payment-dialog';

const PAGE_SIZE = 10;
/** A confirmed booking has a convocation (a completed one keeps it). */
const hasConvocation = (b: CentreBooking) => b.status === 'CONFIRMED' || b.status === 'COMPLETED';
const FILTERS = ['courseId'] as const;

/** `/organization/bookings` (spec 001 §2): the centre's bookings, by course (`?courseId=` preselects one), searched, confirmed, exported. */
export function CentreBookingsPage() {
  const { t } = useTranslation('organization');
  const { t: common } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  // The course, the search and the page are kept in the address, as the other lists.
  const list = useListState(FILTERS, 'booking');
  const courseId = list.state.filters.courseId || null;
  const courses = useQuery(centreBookingQueries.courses());
  const bookings = useQuery(centreBookingQueries.list(courseId));
  const search = useSearchAsYouType(list.state.q, list.setSearch);
  const page = list.state.page + 1;
  const setPage = (n: number) => list.setPage(n - 1, DEFAULT_PAGE_SIZE);
  const [detail, setDetail] = useState<CentreBooking | null>(null);
  const [approving, setApproving] = useState<CentreBooking | null>(null);
  const [recording, setRecording] = useState<CentreBooking | null>(null);
  const [moving, setMoving] = useState<CentreBooking | null>(null);

  const rows = useMemo(() => (bookings.data ?? []).filter((b) => matchesSearch(b, search.text)), [bookings.data, search.text]);
  const courseOptions = useMemo(() => [...(courses.data ?? [])].sort((a, b) => b.startDate.localeCompare(a.startDate)), [courses.data]);
  const translate = useCallback((key: string) => t(key as never), [t]);

  const selectCourse = (value: string) => list.setFilter('courseId', value);

  const download = useCallback(async (path: string, name: string) => {
    try {
      await downloadFromApi(path, name);
    } catch (error) {
      toast({ variant: 'destructive', title: t('bookings.exporting.failed'), description: serverMessageOf(error) ?? t('errors.generic') });
    }
  }, [t, toast]);
  const exportParticipants = () => {
    if (!courseId) {
      toast({ variant: 'destructive', title: t('bookings.exporting.noCourseTitle'), description: t('bookings.exporting.noCourse') });
      return;
    }
    toast({ variant: 'info', title: t('bookings.exporting.started'), description: t('bookings.exporting.startedBody') });
    void download(`/api/organization/courses/${encodeURIComponent(courseId)}/export`, 'participants.csv');
  };
  const attendanceSheet = () => {
    if (!courseId) {
      toast({ variant: 'destructive', title: t('bookings.exporting.noCourseTitle'), description: t('bookings.exporting.noCourseSheet') });
      return;
    }
    toast({ variant: 'info', title: t('bookings.exporting.sheet') });
    void download(`/api/organization/courses/${encodeURIComponent(courseId)}/attendance-sheet`, 'feuille-emargement.pdf');
  };

  /** A participant's convocation, in the learner's own language (the centre hands it to the trainee). */
  const convocation = useCallback((b: CentreBooking) => {
    toast({ variant: 'info', title: t('bookings.exporting.convocation') });
    void download(`/api/bookings/${encodeURIComponent(b.id)}/convocation`, `convocation-${b.bookingReference}.pdf`);
  }, [download, t, toast]);

  const renderers = useMemo<Record<string, CellRenderer<CentreBooking>>>(() => ({
    dates: (b) => (
      <Box sx={{ lineHeight: 1.4, py: 1 }}>
        <Box>{`${formatCourseDay(b.course.startDate, language)} ${formatTime(b.course.startDate, language)}`}</Box>
        <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>{`${formatCourseDay(b.course.endDate, language)} ${formatTime(b.course.endDate, language)}`}</Box>
      </Box>
    ),
    status: (b) => <BookingStatusChip status={b.status} />,
    learnerCase: (b) => {
      const { name, letter } = learnerCaseLines(b.learnerCase, common, language);
      return (
        <Box sx={{ lineHeight: 1.4, py: 1, whiteSpace: 'normal' }} data-testid="booking-learner-case">
          <Box sx={b.learnerCase ? undefined : { color: 'text.secondary' }}>{name}</Box>
          {letter ? <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>{letter}</Box> : null}
        </Box>
      );
    },
    payment: (b) => <PaymentChip booking={b} />,
    actions: (b) => (
      <Stack direction="row" spacing={0.25} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Tooltip title={t('bookings.grid.details', { reference: b.bookingReference })}>
          <IconButton size="small" onClick={() => setDetail(b)} aria-label={t('bookings.grid.details', { reference: b.bookingReference })}>
            <VisibilityOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {b.status === 'PENDING' ? (
          <Tooltip title={t('bookings.grid.approve', { reference: b.bookingReference })}>
            <IconButton size="small" color="success" onClick={() => setApproving(b)} aria-label={t('bookings.grid.approve', { reference: b.bookingReference })}>
              <CheckCircleOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
        {b.move.allowed ? (
          <Tooltip title={t('bookings.grid.move', { reference: b.bookingReference })}>
            <IconButton size="small" color="primary" onClick={() => setMoving(b)} aria-label={t('bookings.grid.move', { reference: b.bookingReference })}>
              <EventRepeatOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
        {hasConvocation(b) ? (
          <Tooltip title={t('bookings.grid.convocation', { reference: b.bookingReference })}>
            <IconButton size="small" onClick={() => convocation(b)} aria-label={t('bookings.grid.convocation', { reference: b.bookingReference })}>
              <DescriptionOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
        {b.dueAtCentre ? (
          <Tooltip title={t('bookings.grid.recordPayment', { reference: b.bookingReference })}>
            <IconButton size="small" color="primary" onClick={() => setRecording(b)} aria-label={t('bookings.grid.recordPayment', { reference: b.bookingReference })}>
              <EuroIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
      </Stack>
    ),
  }), [t, common, language, convocation]);

  return (
    <PageContainer title={t('bookings.title')} maxWidth="xl">
      <Box sx={{ mb: 3 }}>
        <Typography component="h1" variant="h1">
          {t('bookings.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('bookings.subtitle')}
        </Typography>
      </Box>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'flex-start' } }}>
        <TextField
          select
          id="bookings-course"
          label={t('bookings.course')}
          value={courses.data ? (courseId ?? '') : ''}
          onChange={(event) => selectCourse(event.target.value)}
          sx={{ width: { xs: '100%', md: 340 }, flexShrink: 0 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('bookings.allCourses')}</MenuItem>
          {courseOptions.map((course) => (
            <MenuItem key={course.id} value={course.id}>
              {courseOptionLabel(course, language, t('bookings.ants'))}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="bookings-search"
          type="search"
          label={t('bookings.search')}
          placeholder={t('bookings.searchHint')}
          value={search.text}
          onChange={(event) => {
            search.setText(event.target.value);
            if (page !== 1) setPage(1);
          }}
          sx={{ flex: 1, minWidth: { md: 220 } }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon aria-hidden="true" /></InputAdornment> } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignSelf: { md: 'center' }, flexShrink: 0, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
          <Button variant="contained" startIcon={<FileDownloadOutlinedIcon aria-hidden="true" />} onClick={exportParticipants}>
            {t('bookings.export')}
          </Button>
          <Button variant="outlined" startIcon={<PrintOutlinedIcon aria-hidden="true" />} onClick={attendanceSheet}>
            {t('bookings.attendanceSheet')}
          </Button>
          {courseId ? (
            <Button variant="outlined" component={RouterLink} to={`/organization/courses/${encodeURIComponent(courseId)}/attendance`} startIcon={<FactCheckOutlinedIcon aria-hidden="true" />}>
              {t('bookings.recordAttendance')}
            </Button>
          ) : null}
        </Stack>
      </Stack>

      {bookings.isError ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void bookings.refetch()}>{t('actions.retry', { ns: 'common' })}</Button>}>
          {serverMessageOf(bookings.error) ?? t('errors.load')}
        </Alert>
      ) : (
        <AppDataGrid
          rows={rows}
          columns={BOOKING_COLUMNS}
          renderers={renderers}
          t={translate}
          label={t('bookings.grid.label')}
          loading={bookings.isPending}
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
          empty={<Typography color="text.secondary">{t('bookings.grid.empty')}</Typography>}
        />
      )}

      {courseId ? <CourseWaitingList courseId={courseId} /> : null}

      {detail ? (
        <BookingDetailDialog
          booking={detail}
          onClose={() => setDetail(null)}
          onApprove={() => {
            setApproving(detail);
            setDetail(null);
          }}
          onRecordPayment={() => {
            setRecording(detail);
            setDetail(null);
          }}
          onMove={() => {
            setMoving(detail);
            setDetail(null);
          }}
          onConvocation={hasConvocation(detail) ? () => convocation(detail) : null}
        />
      ) : null}
      {approving ? <ApproveBookingDialog booking={approving} onClose={() => setApproving(null)} /> : null}
      {recording ? <RecordPaymentDialog booking={recording} onClose={() => setRecording(null)} /> : null}
      {moving ? <MoveBookingDialog bookingId={moving.id} viewer="centre" learnerName={`${moving.user.firstName} ${moving.user.lastName}`} onClose={() => setMoving(null)} /> : null}
    </PageContainer>
  );
}
