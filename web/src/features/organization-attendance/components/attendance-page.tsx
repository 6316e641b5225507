import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { CourseAttendanceDto } from '@recup/query-api/contracts/attendance';
import { attendanceOutcome, COURSE_HALF_DAYS, type AttendanceOutcome, type AttendanceSheetRow, type CourseHalfDay, type Facilitator, type Presence } from '@recup/shared-events/courses/attendance';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageContainer } from '../../../components/layout/page-container';
import { PageLoader } from '../../../components/ui/page-loader';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useToast } from '../../../components/ui/toast/use-toast';
import { serverMessageOf } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/download';
import { formatDateRange, formatLongDate, formatShortDate, formatTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { attendanceQueries, useNameFacilitators, useRecordAttendance } from '../api/attendance-queries';

type Participant = CourseAttendanceDto['participants'][number];
/** What the screen holds for each booking: the row as recorded, with the centre's changes not saved yet. */
type Draft = Record<string, AttendanceSheetRow>;
const PRESENCES: Presence[] = ['PRESENT', 'ABSENT', 'LATE_REFUSED'];
const OUTCOME_COLOR: Record<AttendanceOutcome, 'success' | 'error' | 'default'> = { COMPLETED: 'success', NOT_COMPLETED: 'error', PENDING: 'default' };

const recordedRows = (participants: readonly Participant[]): Draft => Object.fromEntries(participants.map((p) => [p.bookingId, p.attendance?.halfDays ?? {}]));

/** The entries the centre changed, as the route takes them. */
function changesOf(draft: Draft, recorded: Draft) {
  return Object.entries(draft).flatMap(([bookingId, row]) =>
    COURSE_HALF_DAYS.flatMap((halfDay) => {
      const presence = row[halfDay];
      return presence && presence !== recorded[bookingId]?.[halfDay] ? [{ bookingId, halfDay, presence }] : [];
    }),
  );
}

/** The training centre records who came to a course, half-day by half-day, and names its facilitators (issue 20 §1). */
export function AttendancePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const sheet = useQuery(attendanceQueries.course(id));

  if (sheet.isPending) return <PageLoader label={t('attendance.loading')} />;
  if (sheet.isError) {
    return (
      <PageContainer title={t('attendance.title')} maxWidth="md">
        <StatusPanel tone="error" role="alert" title={t('errors.loadTitle')} headingLevel="h1" actions={<Button variant="contained" onClick={() => void sheet.refetch()}>{t('actions.retry', { ns: 'common' })}</Button>}>
          <p>{serverMessageOf(sheet.error) ?? t('attendance.loadError')}</p>
        </StatusPanel>
      </PageContainer>
    );
  }
  const { course } = sheet.data;
  const title = language === 'en' ? course.titleEn : course.title;
  return (
    <PageContainer title={`${t('attendance.title')} — ${title}`} maxWidth="xl">
      <Button component={RouterLink} to="/organization/courses" startIcon={<ArrowBackIcon aria-hidden="true" />} sx={{ mb: 2 }}>
        {t('attendance.back')}
      </Button>
      <Typography component="h1" variant="h1">{t('attendance.title')}</Typography>
      <Typography variant="h4" component="p" sx={{ mt: 1 }}>{`${title} · ${formatDateRange(course.startDate, course.endDate, language)}`}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 900 }}>{t('attendance.subtitle')}</Typography>
      <WindowNote data={sheet.data} />
      <Stack spacing={3} sx={{ mt: 3 }}>
        <FacilitatorsForm courseId={course.id} facilitators={sheet.data.facilitators} disabled={course.cancelled} />
        {/* What was recorded changed (saved, or by someone else): the grid starts again from it. */}
        <AttendanceGrid key={JSON.stringify(sheet.data.participants.map((p) => [p.bookingId, p.attendance, p.attestationAvailable]))} data={sheet.data} />
      </Stack>
    </PageContainer>
  );
}

function WindowNote({ data }: { data: CourseAttendanceDto }) {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const [now] = useState(() => Date.now());
  if (data.course.cancelled) return <Alert severity="warning" sx={{ mt: 2 }}>{t('attendance.window.cancelled')}</Alert>;
  // The window ends at midnight: the last day it is open is the day before.
  const lastDay = new Date(Date.parse(data.window.closesAt) - 1).toISOString();
  if (data.window.open) return <Alert severity="info" sx={{ mt: 2 }}>{t('attendance.window.open', { date: formatLongDate(lastDay, language) })}</Alert>;
  if (Date.parse(data.window.opensAt) > now) return <Alert severity="info" sx={{ mt: 2 }}>{t('attendance.window.notYet', { date: formatLongDate(data.course.startDate, language) })}</Alert>;
  return <Alert severity="warning" sx={{ mt: 2 }}>{t('attendance.window.closed', { date: formatLongDate(data.window.closesAt, language) })}</Alert>;
}

function FacilitatorsForm({ courseId, facilitators, disabled }: { courseId: string; facilitators: Facilitator[]; disabled: boolean }) {
  const { t } = useTranslation('organization');
  const toast = useToast();
  const save = useNameFacilitators(courseId);
  const nameOf = (role: Facilitator['role']) => facilitators.find((f) => f.role === role)?.name ?? '';
  const [expert, setExpert] = useState(() => nameOf('ROAD_SAFETY_EXPERT'));
  const [psychologist, setPsychologist] = useState(() => nameOf('PSYCHOLOGIST'));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const named: Facilitator[] = [
      ...(expert.trim() ? [{ role: 'ROAD_SAFETY_EXPERT' as const, name: expert.trim() }] : []),
      ...(psychologist.trim() ? [{ role: 'PSYCHOLOGIST' as const, name: psychologist.trim() }] : []),
    ];
    if (named.length === 0) {
      setError(t('attendance.facilitators.required'));
      return;
    }
    setError(null);
    save.mutate(named, {
      onSuccess: () => toast({ variant: 'success', title: t('attendance.facilitators.saved') }),
      onError: (failure) => setError(serverMessageOf(failure) ?? t('errors.generic')),
    });
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="facilitators-title">
      <CardContent>
        <Typography id="facilitators-title" component="h2" variant="h3">{t('attendance.facilitators.title')}</Typography>
        <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>{t('attendance.facilitators.hint')}</Typography>
        <Box component="form" onSubmit={submit} noValidate>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
            <TextField label={t('attendance.facilitators.ROAD_SAFETY_EXPERT')} value={expert} onChange={(e) => setExpert(e.target.value)} disabled={disabled} fullWidth slotProps={{ htmlInput: { maxLength: 120 } }} />
            <TextField label={t('attendance.facilitators.PSYCHOLOGIST')} value={psychologist} onChange={(e) => setPsychologist(e.target.value)} disabled={disabled} fullWidth slotProps={{ htmlInput: { maxLength: 120 } }} />
            <Button type="submit" variant="outlined" disabled={disabled || save.isPending} sx={{ flexShrink: 0, alignSelf: { xs: 'stretch', md: 'center' } }}>
              {t('attendance.facilitators.save')}
            </Button>
          </Stack>
          {error ? <Alert severity="error" role="alert" sx={{ mt: 2 }}>{`${t('attendance.facilitators.error')} : ${error}`}</Alert> : null}
        </Box>
      </CardContent>
    </Card>
  );
}

function PresenceSelect({ value, onChange, label, disabled }: { value: Presence | undefined; onChange: (presence: Presence) => void; label: string; disabled: boolean }) {
  const { t } = useTranslation('organization');
  const missed = value === 'ABSENT' || value === 'LATE_REFUSED';
  return (
    <TextField
      select
      size="small"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value as Presence)}
      disabled={disabled}
      fullWidth
      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': label } }}
      sx={{
        minWidth: 128,
        '& select': { color: missed ? 'error.dark' : value === 'PRESENT' ? 'success.dark' : 'text.secondary', fontWeight: value ? 600 : 400 },
      }}
    >
      <option value="" disabled>{t('attendance.grid.notRecorded')}</option>
      {PRESENCES.map((presence) => <option key={presence} value={presence}>{t(`attendance.presence.${presence}`)}</option>)}
    </TextField>
  );
}

function OutcomeChip({ row }: { row: AttendanceSheetRow }) {
  const { t } = useTranslation('organization');
  const outcome = attendanceOutcome(row);
  const none = COURSE_HALF_DAYS.every((halfDay) => !row[halfDay]);
  return <Chip size="small" variant={outcome === 'PENDING' ? 'outlined' : 'filled'} color={OUTCOME_COLOR[outcome]} label={t(`attendance.outcome.${none ? 'NONE' : outcome}`)} />;
}

function AttendanceGrid({ data }: { data: CourseAttendanceDto }) {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const toast = useToast();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const record = useRecordAttendance(data.course.id);
  const recorded = useMemo(() => recordedRows(data.participants), [data.participants]);
  const [draft, setDraft] = useState<Draft>(recorded);
  const [error, setError] = useState<string | null>(null);
  const changes = changesOf(draft, recorded);
  // An administrator corrects any time; a centre records within the window (the server says so either way).
  const locked = data.course.cancelled || !data.window.open;
  const nameOf = (p: Participant) => `${p.firstName} ${p.lastName}`;
  const halfDayLabel = (halfDay: CourseHalfDay, i: number) => {
    const times = data.course.halfDays[i];
    return times ? `${t(`attendance.halfDays.${halfDay}`)} (${formatTime(times.start, language)}–${formatTime(times.end, language)})` : t(`attendance.halfDays.${halfDay}`);
  };

  const set = (bookingId: string, halfDay: CourseHalfDay, presence: Presence) => setDraft((current) => ({ ...current, [bookingId]: { ...current[bookingId], [halfDay]: presence } }));
  const presentThroughout = (bookingId: string) => setDraft((current) => ({ ...current, [bookingId]: Object.fromEntries(COURSE_HALF_DAYS.map((h) => [h, 'PRESENT'])) }));
  const allPresent = () =>
    setDraft((current) => Object.fromEntries(Object.entries(current).map(([bookingId, row]) => [bookingId, Object.fromEntries(COURSE_HALF_DAYS.map((h) => [h, row[h] ?? 'PRESENT']))])));

  const save = () => {
    setError(null);
    record.mutate({ entries: changes }, {
      onSuccess: (answer) => toast({ variant: 'success', title: t('attendance.grid.saved'), description: answer.changed > 0 ? t('attendance.grid.savedBody', { count: answer.changed }) : t('attendance.grid.nothingChanged') }),
      onError: (failure) => setError(serverMessageOf(failure) ?? t('errors.generic')),
    });
  };

  const attestation = (p: Participant) =>
    p.attestationAvailable ? (
      <Button size="small" startIcon={<WorkspacePremiumOutlinedIcon aria-hidden="true" />} aria-label={t('attendance.attestationOf', { name: nameOf(p) })}
        onClick={() => void downloadFromApi(`/api/bookings/${encodeURIComponent(p.bookingId)}/attestation?lang=${language}`, 'attestation.pdf').catch((failure: unknown) => setError(serverMessageOf(failure) ?? t('errors.generic')))}
      >
        {t('attendance.attestation')}
      </Button>
    ) : null;
  const sentNote = (p: Participant) => (p.attestationSentAt ? <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>{`${t('attendance.attestation')} ${t('attendance.attestationSent', { date: formatShortDate(p.attestationSentAt, language) })}`}</Typography> : null);

  return (
    <Card variant="outlined" component="section" aria-labelledby="attendance-grid-title">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
          <Typography id="attendance-grid-title" component="h2" variant="h3">{t('attendance.grid.caption')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" startIcon={<DoneAllIcon aria-hidden="true" />} onClick={allPresent} disabled={locked || data.participants.length === 0} title={t('attendance.grid.allPresentHint')}>
              {t('attendance.grid.allPresent')}
            </Button>
            <Button startIcon={<PrintOutlinedIcon aria-hidden="true" />}
              onClick={() => void downloadFromApi(`/api/organization/courses/${encodeURIComponent(data.course.id)}/attendance-sheet`, 'feuille-emargement.pdf').catch((failure: unknown) => setError(serverMessageOf(failure) ?? t('errors.generic')))}
            >
              {t('attendance.sheet')}
            </Button>
          </Stack>
        </Stack>
        {data.participants.length === 0 ? (
          <Typography color="text.secondary">{t('attendance.grid.empty')}</Typography>
        ) : phone ? (
          <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.participants.map((p) => (
              <Paper component="li" variant="outlined" key={p.bookingId} sx={{ p: 2 }} data-testid="attendance-row">
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}>
                  <Typography component="h3" variant="h5" sx={{ overflowWrap: 'anywhere' }}>{nameOf(p)}</Typography>
                  <OutcomeChip row={draft[p.bookingId] ?? {}} />
                </Stack>
                <Stack spacing={1.5}>
                  {COURSE_HALF_DAYS.map((halfDay, i) => (
                    <Box key={halfDay}>
                      <Typography variant="body2" sx={{ mb: 0.5 }} aria-hidden="true">{halfDayLabel(halfDay, i)}</Typography>
                      <PresenceSelect value={draft[p.bookingId]?.[halfDay]} onChange={(v) => set(p.bookingId, halfDay, v)} label={t('attendance.grid.cell', { name: nameOf(p), halfDay: halfDayLabel(halfDay, i) })} disabled={locked} />
                    </Box>
                  ))}
                </Stack>
                <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
                  <Button size="small" onClick={() => presentThroughout(p.bookingId)} disabled={locked} aria-label={t('attendance.grid.rowPresentLabel', { name: nameOf(p) })}>{t('attendance.grid.rowPresent')}</Button>
                  {attestation(p)}
                </Stack>
                {sentNote(p)}
              </Paper>
            ))}
          </Stack>
        ) : (
          <TableContainer>
            <Table size="small" aria-labelledby="attendance-grid-title">
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">{t('attendance.grid.participant')}</TableCell>
                  {COURSE_HALF_DAYS.map((halfDay, i) => <TableCell key={halfDay} component="th" scope="col">{halfDayLabel(halfDay, i)}</TableCell>)}
                  <TableCell component="th" scope="col">{t('attendance.grid.outcome')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.participants.map((p) => (
                  <TableRow key={p.bookingId} data-testid="attendance-row">
                    <TableCell component="th" scope="row" sx={{ minWidth: 160 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>{nameOf(p)}</Typography>
                      <Typography variant="caption" color="text.secondary">{p.bookingReference}</Typography>
                      <Box><Button size="small" onClick={() => presentThroughout(p.bookingId)} disabled={locked} aria-label={t('attendance.grid.rowPresentLabel', { name: nameOf(p) })} sx={{ px: 0.5, minWidth: 0 }}>{t('attendance.grid.rowPresent')}</Button></Box>
                    </TableCell>
                    {COURSE_HALF_DAYS.map((halfDay, i) => (
                      <TableCell key={halfDay}>
                        <PresenceSelect value={draft[p.bookingId]?.[halfDay]} onChange={(v) => set(p.bookingId, halfDay, v)} label={t('attendance.grid.cell', { name: nameOf(p), halfDay: halfDayLabel(halfDay, i) })} disabled={locked} />
                      </TableCell>
                    ))}
                    <TableCell sx={{ minWidth: 150 }}>
                      <OutcomeChip row={draft[p.bookingId] ?? {}} />
                      <Box sx={{ mt: 0.5 }}>{attestation(p)}</Box>
                      {sentNote(p)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {error ? <Alert severity="error" role="alert" sx={{ mt: 2 }}>{`${t('attendance.grid.error')} : ${error}`}</Alert> : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' }, justifyContent: 'flex-end' }}>
          <Typography role="status" color={changes.length > 0 ? 'warning.dark' : 'text.secondary'} variant="body2">
            {changes.length > 0 ? t('attendance.grid.unsaved', { count: changes.length }) : ''}
          </Typography>
          <Button variant="contained" onClick={save} disabled={locked || changes.length === 0 || record.isPending}>
            {record.isPending ? t('attendance.grid.saving') : t('attendance.grid.save')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
