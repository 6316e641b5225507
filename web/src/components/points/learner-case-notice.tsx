import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { givesPointsBack, probationCheck, type LearnerCase } from '@recup/shared-events/bookings/learner-case';
import { useTranslation } from 'react-i18next';
import { formatLongDate, toIsoDay } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';

/**
 * What the learner's case means for this course, said before paying, beside the points-eligibility warning:
 * - a court's order or a penal settlement gives no points back (the law: cases 3 and 4);
 * - after a 48N letter, whether the course ends within the four months (then the fine is refunded) or too late.
 * `letterReceivedOn`: a valid day, or null while the learner has not given one (nothing is said then).
 */
export function LearnerCaseNotice({ learnerCase, letterReceivedOn, courseEndDate, sx }: { learnerCase: LearnerCase | null; letterReceivedOn: string | null; courseEndDate: string; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!learnerCase) return null;
  if (!givesPointsBack(learnerCase)) {
    return (
      <Alert severity="warning" role="status" data-testid="learner-case-notice" sx={sx}>
        <AlertTitle>{t('learnerCase.noPoints.title')}</AlertTitle>
        <Typography variant="body2">{t('learnerCase.noPoints.body')}</Typography>
      </Alert>
    );
  }
  if (learnerCase !== 'PROBATION_48N' || !letterReceivedOn) return null;
  const check = probationCheck(letterReceivedOn, courseEndDate);
  const deadline = formatLongDate(`${check.deadline}T12:00:00Z`, language);
  const end = formatLongDate(courseEndDate, language);
  if (check.endsInTime) {
    return (
      <Alert severity="success" role="status" data-testid="learner-case-notice" sx={sx}>
        <AlertTitle>{t('learnerCase.probation.inTimeTitle')}</AlertTitle>
        <Typography variant="body2">{t('learnerCase.probation.inTimeBody', { deadline, end })}</Typography>
      </Alert>
    );
  }
  const past = check.deadline < toIsoDay(new Date());
  return (
    <Alert severity="warning" role="status" data-testid="learner-case-notice" sx={sx}>
      <AlertTitle>{t('learnerCase.probation.lateTitle')}</AlertTitle>
      <Typography variant="body2">{t(past ? 'learnerCase.probation.pastBody' : 'learnerCase.probation.lateBody', { deadline, end })}</Typography>
    </Alert>
  );
}
