import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { TransferOptionDto, TransferOptionsDto } from '@recup/query-api/contracts/moves';
import { endsInTime, probationDeadline, type LearnerCaseRecord } from '@recup/shared-events/bookings/learner-case';
import { DEPARTMENT_CODES, DEPARTMENT_NAMES } from '@recup/shared-events/departments';
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { serverMessageOf } from '../../lib/api-client';
import { formatDateRange, formatLongDate, formatMoney } from '../../lib/format';
import type { Language } from '../../lib/language';
import { useLanguage } from '../../lib/use-language';
import { SubmitButton } from '../forms/submit-button';
import { LearnerCaseNotice } from '../points/learner-case-notice';
import { PointsEligibilityAlert } from '../points/points-eligibility-notice';
import { useToast } from '../ui/toast/use-toast';
import { VisuallyHidden } from '../ui/visually-hidden';
import { bookingMoveEn } from './locales/en';
import { bookingMoveFr } from './locales/fr';
import { transferOptionsQuery, useMoveBooking } from './move-queries';

// The dialog's texts come with its code: the pages that never open it never download them.
export const BOOKING_MOVE_NAMESPACE = 'bookingMove' as const;
i18next.addResourceBundle('fr', BOOKING_MOVE_NAMESPACE, bookingMoveFr, true, true);
i18next.addResourceBundle('en', BOOKING_MOVE_NAMESPACE, bookingMoveEn, true, true);

/** Who moves the booking: its learner, the centre that runs it, or an administrator. Only a learner pays a difference. */
export type MoveViewer = 'learner' | 'centre' | 'admin';

export interface MoveBookingDialogProps {
  bookingId: string;
  viewer: MoveViewer;
  /** The learner, named in the title for a centre or an administrator. */
  learnerName?: string;
  onClose: () => void;
}

type Option = TransferOptionDto;

const cityOf = (course: { title: string; titleEn: string }, language: Language) => (language === 'en' ? course.titleEn : course.title);

/** What an option does to the money, in a few words (the chip beside its price). */
function moneyChip(option: Option, paidOnline: boolean, t: (key: string, options?: Record<string, unknown>) => string, language: Language) {
  if (option.money.kind === 'refund') return { label: t('option.refund', { amount: formatMoney(option.money.amount, language) }), color: 'success' as const };
  if (option.money.kind === 'pay') return { label: t('option.pay', { amount: formatMoney(option.money.amount, language) }), color: 'warning' as const };
  return { label: paidOnline ? t('option.samePrice') : t('option.noMoney'), color: 'default' as const };
}

/** Whether the course would end after the four months of the learner's 48N letter (the fine then not refunded). */
function endsTooLateFor(learnerCase: LearnerCaseRecord | null, courseEndDate: string): boolean {
  return learnerCase?.case === 'PROBATION_48N' && learnerCase.letterReceivedOn !== null && !endsInTime(learnerCase.letterReceivedOn, courseEndDate);
}

function OptionItem({ option, paidOnline, learnerCase, viewer, onChoose }: { option: Option; paidOnline: boolean; learnerCase: LearnerCaseRecord | null; viewer: MoveViewer; onChoose: () => void }) {
  const { t } = useTranslation(BOOKING_MOVE_NAMESPACE);
  const language = useLanguage();
  const { course } = option;
  const chip = moneyChip(option, paidOnline, t as never, language);
  const details = [
    course.organization.name,
    ...(course.distanceKm !== null ? [t('option.distance', { km: new Intl.NumberFormat(language === 'en' ? 'en-US' : 'fr-FR', { maximumFractionDigits: 0 }).format(course.distanceKm) })] : []),
    t('option.spots', { count: course.spotsLeft }),
  ].join(' · ');
  return (
    <ListItem disablePadding divider>
      <ListItemButton onClick={onChoose} sx={{ py: 1.5, alignItems: 'flex-start' }} data-testid="move-option">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.75, sm: 2 }} sx={{ width: '100%', justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
              {`${cityOf(course, language)} (${course.department})`}
            </Typography>
            <Typography component="span" variant="body2" sx={{ display: 'block' }}>
              {formatDateRange(course.startDate, course.endDate, language)}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {details}
            </Typography>
            {option.pointsEligibility.earnsPoints ? null : (
              <Typography component="span" variant="body2" color="warning.dark" sx={{ display: 'block' }}>
                {t('option.noPoints')}
              </Typography>
            )}
            {endsTooLateFor(learnerCase, course.endDate) ? (
              <Typography component="span" variant="body2" color="warning.dark" sx={{ display: 'block' }} data-testid="move-option-late-48n">
                {t(viewer === 'learner' ? 'option.late48N' : 'option.late48NLearner')}
              </Typography>
            ) : null}
          </Box>
          <Stack direction={{ xs: 'row', sm: 'column' }} spacing={1} sx={{ alignItems: { xs: 'center', sm: 'flex-end' }, flexShrink: 0 }}>
            <Typography component="span" sx={{ fontWeight: 700, color: 'primary.main' }}>
              {formatMoney(option.priceAfter, language)}
            </Typography>
            <Chip size="small" label={chip.label} color={chip.color} variant={chip.color === 'default' ? 'outlined' : 'filled'} />
          </Stack>
        </Stack>
      </ListItemButton>
    </ListItem>
  );
}

function CourseBox({ label, city, dates, price, emphasis = false }: { label: string; city: string; dates: string; price: string; emphasis?: boolean }) {
  return (
    <Box sx={{ border: 1, borderColor: emphasis ? 'primary.main' : 'divider', borderRadius: 2, p: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{city}</Typography>
      <Typography variant="body2">{dates}</Typography>
      <Typography variant="body2">{price}</Typography>
    </Box>
  );
}

/** What happens to the money, said before confirming: nothing, a refund on the card used, or the difference to pay now by card. */
function moneySentence(option: Option, data: TransferOptionsDto, viewer: MoveViewer, t: (key: string, options?: Record<string, unknown>) => string, language: Language) {
  const price = formatMoney(option.priceAfter, language);
  if (!data.booking.paidOnline) return t('money.unpaid', { price });
  if (option.money.kind === 'refund') return t(viewer === 'learner' ? 'money.refund' : 'money.refundLearner', { amount: formatMoney(option.money.amount, language) });
  if (option.money.kind === 'pay') return t('money.pay', { amount: formatMoney(option.money.amount, language) });
  if (viewer !== 'learner' && option.course.price > data.booking.price) return t('money.keptLearner', { price });
  return t(viewer === 'learner' ? 'money.none' : 'money.noneLearner');
}

/**
 * "Changer de date" (issue 19 §4): the courses with a free place the booking may move to, the same department first,
 * each with its distance, weekday dates and price difference; then a confirmation that says what happens to the
 * money (and the points warning and the learner's case — a 48N letter's four months — at the new date). A learner's
 * dearer move goes on to the card form.
 */
export function MoveBookingDialog({ bookingId, viewer, learnerName, onClose }: MoveBookingDialogProps) {
  const { t } = useTranslation(BOOKING_MOVE_NAMESPACE);
  const language = useLanguage();
  const toast = useToast();
  const navigate = useNavigate();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [department, setDepartment] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Option | null>(null);
  const [earlyStart, setEarlyStart] = useState(false);
  const options = useQuery(transferOptionsQuery(bookingId, department));
  const move = useMoveBooking(bookingId);
  const data = options.data;
  const tr = t as unknown as (key: string, values?: Record<string, unknown>) => string;

  const confirm = () => {
    if (!chosen || !data) return;
    move.mutate({ courseId: chosen.course.id, ...(chosen.earlyStartRequired ? { earlyStartRequested: earlyStart } : {}) }, {
      onSuccess: (answer) => {
        if (answer.status === 'PAYMENT_REQUIRED' && answer.payment) {
          void navigate(answer.payment.redirectUrl);
          return;
        }
        const place = { city: cityOf(chosen.course, language), dates: formatDateRange(chosen.course.startDate, chosen.course.endDate, language) };
        const description = viewer !== 'learner'
          ? t('done.forLearner', { reference: data.booking.reference, ...place })
          : answer.refund ? t('done.refund', { ...place, amount: formatMoney(answer.refund.amount, language) }) : t('done.same', place);
        toast({ variant: 'success', title: t('done.title'), description });
        onClose();
      },
    });
  };

  let body;
  if (options.isPending) {
    body = (
      <Box role="status">
        <VisuallyHidden>{t('loading')}</VisuallyHidden>
        <Stack spacing={1.5}>
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={72} />
        </Stack>
      </Box>
    );
  } else if (options.isError || !data) {
    body = (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void options.refetch()}>{t('actions.retry', { ns: 'common' })}</Button>}>
        {serverMessageOf(options.error) ?? t('loadError')}
      </Alert>
    );
  } else if (!chosen) {
    const { booking } = data;
    body = (
      <Stack spacing={2}>
        <Box>
          <Typography>{t('current', { city: cityOf(booking.course, language), dates: formatDateRange(booking.course.startDate, booking.course.endDate, language) })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('reference', { reference: booking.reference })}
            {viewer === 'learner' && booking.lastDay ? ` · ${t('until', { date: formatLongDate(`${booking.lastDay}T12:00:00Z`, language) })}` : ''}
          </Typography>
        </Box>
        <TextField
          select
          id={`${titleId}-department`}
          label={t('department')}
          value={department ?? ''}
          onChange={(event) => setDepartment(event.target.value || null)}
          sx={{ maxWidth: { sm: 360 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('allDepartments')}</MenuItem>
          {DEPARTMENT_CODES.map((code) => (
            <MenuItem key={code} value={code}>{`${code} — ${DEPARTMENT_NAMES[code]}`}</MenuItem>
          ))}
        </TextField>
        {data.options.length === 0 ? (
          <Alert severity="info" icon={<EventAvailableOutlinedIcon />}>{t('empty')}</Alert>
        ) : (
          <Box>
            <Typography id={`${titleId}-choose`} sx={{ mb: 1 }}>
              {t('choose')}
            </Typography>
            <List aria-labelledby={`${titleId}-choose`} disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}>
              {data.options.map((option) => (
                <OptionItem key={option.course.id} option={option} paidOnline={data.booking.paidOnline} learnerCase={data.booking.learnerCase} viewer={viewer} onChoose={() => {
                  move.reset();
                  setEarlyStart(false);
                  setChosen(option);
                }} />
              ))}
            </List>
          </Box>
        )}
      </Stack>
    );
  } else {
    const { booking } = data;
    body = (
      <Stack spacing={2}>
        <Stack spacing={1}>
          <CourseBox
            label={t('confirm.from')}
            city={cityOf(booking.course, language)}
            dates={formatDateRange(booking.course.startDate, booking.course.endDate, language)}
            price={t('confirm.price', { price: formatMoney(booking.price, language) })}
          />
          <ArrowDownwardIcon aria-hidden="true" sx={{ alignSelf: 'center', color: 'text.secondary' }} />
          <CourseBox
            emphasis
            label={t('confirm.to')}
            city={`${cityOf(chosen.course, language)} — ${chosen.course.organization.name}`}
            dates={formatDateRange(chosen.course.startDate, chosen.course.endDate, language)}
            price={t('confirm.price', { price: formatMoney(chosen.priceAfter, language) })}
          />
        </Stack>
        <Alert severity={chosen.money.kind === 'pay' ? 'warning' : 'info'} data-testid="move-money">
          {moneySentence(chosen, data, viewer, tr, language)}
        </Alert>
        <PointsEligibilityAlert eligibility={chosen.pointsEligibility} about={viewer === 'learner' ? 'self' : 'learner'} />
        {/* The learner's case at the new date: a 48N letter's four months are counted to the new course's end. */}
        {viewer === 'learner' ? (
          <LearnerCaseNotice learnerCase={booking.learnerCase?.case ?? null} letterReceivedOn={booking.learnerCase?.letterReceivedOn ?? null} courseEndDate={chosen.course.endDate} />
        ) : booking.learnerCase?.letterReceivedOn && endsTooLateFor(booking.learnerCase, chosen.course.endDate) ? (
          <Alert severity="warning" data-testid="learner-case-notice">
            {t('confirm.late48NLearner', { deadline: formatLongDate(`${probationDeadline(booking.learnerCase.letterReceivedOn)}T12:00:00Z`, language) })}
          </Alert>
        ) : null}
        {chosen.earlyStartRequired ? (
          <FormControlLabel
            control={<Checkbox checked={earlyStart} onChange={(event) => setEarlyStart(event.target.checked)} />}
            label={viewer === 'learner' ? t('confirm.earlyStart') : t('confirm.earlyStartLearner')}
          />
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {viewer === 'learner' ? t('confirm.reference', { reference: booking.reference }) : t('confirm.learnerTold')}
        </Typography>
        {move.isError ? (
          <Alert severity="error" role="alert">
            <strong>{t('done.failed')}</strong> — {serverMessageOf(move.error) ?? t('done.failedDefault')}
          </Alert>
        ) : null}
      </Stack>
    );
  }

  const pays = chosen?.money.kind === 'pay';
  return (
    <Dialog open onClose={move.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone} data-testid="move-dialog">
      <DialogTitle id={titleId}>{chosen ? t('confirm.title') : learnerName && viewer !== 'learner' ? t('titleFor', { name: learnerName }) : t('title')}</DialogTitle>
      {/* Focusable: on a phone the confirmation's text scrolls, and a keyboard must reach what is below (WCAG 2.1.1). */}
      <DialogContent tabIndex={0}>{body}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
        {chosen ? (
          <>
            <Button onClick={() => setChosen(null)} disabled={move.isPending} startIcon={<ArrowBackIcon aria-hidden="true" />}>
              {t('confirm.back')}
            </Button>
            <SubmitButton type="button" size="medium" pending={move.isPending} disabled={chosen.earlyStartRequired && !earlyStart} onClick={confirm}>
              {pays && chosen.money.kind === 'pay' ? t('confirm.submitPay', { amount: formatMoney(chosen.money.amount, language) }) : t('confirm.submit')}
            </SubmitButton>
          </>
        ) : (
          <Button onClick={onClose}>{t('confirm.cancel')}</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export default MoveBookingDialog;
