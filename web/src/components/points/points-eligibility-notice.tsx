import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { PointsEligibilityDto } from '@recup/query-api/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../lib/format';
import { pointsEligibilityQuery } from '../../lib/points-eligibility';
import { useLanguage } from '../../lib/use-language';

/** Says plainly that a course earns no points, and from when one does again; nothing when it earns some. */
export function PointsEligibilityAlert({ eligibility, sx }: { eligibility: PointsEligibilityDto; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (eligibility.earnsPoints || !eligibility.eligibleFrom || !eligibility.previousCourse) return null;
  const previous = eligibility.previousCourse;
  return (
    <Alert severity="warning" role="status" data-testid="points-eligibility-warning" sx={sx}>
      <AlertTitle>{t('pointsEligibility.title')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('pointsEligibility.body', {
          city: language === 'en' ? previous.titleEn : previous.title,
          previousEnd: formatLongDate(previous.endDate, language),
          date: formatLongDate(eligibility.eligibleFrom, language),
        })}
      </Typography>
      <Typography variant="body2">{t('pointsEligibility.note')}</Typography>
    </Alert>
  );
}

/**
 * The signed-in learner's eligibility for one course, asked of the query API: a warning when the course would
 * earn no points. Advice, not a condition: while it loads, or if it cannot be read, nothing is shown.
 */
export function PointsEligibilityNotice({ courseId, sx }: { courseId: string; sx?: SxProps<Theme> }) {
  const query = useQuery(pointsEligibilityQuery(courseId));
  return query.data ? <PointsEligibilityAlert eligibility={query.data} sx={sx} /> : null;
}
