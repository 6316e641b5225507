import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { EligibilityCourseDto, PointsEligibilityDto } from '@recup/query-api/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateRange, formatLongDate } from '../../lib/format';
import { localeOf, type Language } from '../../lib/language';
import { pointsEligibilityQuery } from '../../lib/points-eligibility';
import { useLanguage } from '../../lib/use-language';

/** "Arles (lundi 18 – mardi 19 janvier 2027)": a course of the learner's as the warnings name it. */
function courseNamed(course: EligibilityCourseDto, language: Language): { city: string; dates: string } {
  return { city: language === 'en' ? course.titleEn : course.title, dates: formatDateRange(course.startDate, course.endDate, language) };
}

/**
 * Says plainly which course would earn no points, looking both ways: this one, when it comes less than a year after
 * a course that earns them (and from when one does again); or the learner's later courses, when this one comes less
 * than a year before them and would take their points. Nothing when it changes nothing.
 */
export function PointsEligibilityAlert({ eligibility, about = 'self', sx }: { eligibility: PointsEligibilityDto; about?: 'self' | 'learner'; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  // Said to the learner, or to a centre or an administrator about the learner (a move they make for them).
  const says = about === 'learner' ? 'pointsEligibility.learner' : 'pointsEligibility';
  const language = useLanguage();
  const previous = eligibility.previousCourse;
  const losing = eligibility.coursesLosingPoints;
  if (!eligibility.earnsPoints && eligibility.eligibleFrom && previous) {
    return (
      <Alert severity="warning" role="status" data-testid="points-eligibility-warning" sx={sx}>
        <AlertTitle>{t(`${says}.title` as 'pointsEligibility.title')}</AlertTitle>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t(`${says}.body` as 'pointsEligibility.body', {
            ...courseNamed(previous, language),
            previousEnd: formatLongDate(previous.endDate, language),
            date: formatLongDate(eligibility.eligibleFrom, language),
          })}
        </Typography>
        <Typography variant="body2">{t(`${says}.note` as 'pointsEligibility.note')}</Typography>
      </Alert>
    );
  }
  if (eligibility.earnsPoints && losing.length > 0) {
    const named = losing.map((course) => courseNamed(course, language));
    const courses = new Intl.ListFormat(localeOf(language), { type: 'conjunction' }).format(named.map((course) => t('pointsEligibility.losingCourse', course)));
    return (
      <Alert severity="warning" role="status" data-testid="points-eligibility-warning" sx={sx}>
        <AlertTitle>{t(`${says}.losingTitle` as 'pointsEligibility.losingTitle', { count: named.length, city: named[0]!.city })}</AlertTitle>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t(`${says}.losingBody` as 'pointsEligibility.losingBody', { count: named.length, courses })}
        </Typography>
        <Typography variant="body2">{t(`${says}.note` as 'pointsEligibility.note')}</Typography>
      </Alert>
    );
  }
  return null;
}

/**
 * The signed-in learner's eligibility for one course, asked of the query API: a warning when the course would
 * earn no points. Advice, not a condition: while it loads, or if it cannot be read, nothing is shown.
 */
export function PointsEligibilityNotice({ courseId, replacing, sx }: { courseId: string; replacing?: string; sx?: SxProps<Theme> }) {
  const query = useQuery(pointsEligibilityQuery(courseId, replacing));
  return query.data ? <PointsEligibilityAlert eligibility={query.data} sx={sx} /> : null;
}
