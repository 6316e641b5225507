import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { LearnerCaseRecord } from '@recup/shared-events/bookings/learner-case';
import { useTranslation } from 'react-i18next';
import { learnerCaseText } from '../../../components/learner-case/learner-case-values';
import { LearnerCaseNotice } from '../../../components/points/learner-case-notice';
import { useLanguage } from '../../../lib/use-language';

/** Beside the card: the case the learner declared, what it means for this course, and the way back to change it. */
export function LearnerCaseSummary({ learnerCase, courseEndDate, onChange, disabled }: { learnerCase: LearnerCaseRecord; courseEndDate: string; onChange: () => void; disabled: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Box sx={{ mb: 2.5 }} data-testid="learner-case-summary">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', columnGap: 2, rowGap: 0.5, mb: 1 }}>
        <Typography variant="body2">
          <Box component="span" sx={{ fontWeight: 600 }}>
            {t('learnerCase.summaryTitle')}
          </Box>
          {language === 'fr' ? '\u00a0: ' : ': '}
          {learnerCaseText(learnerCase, t, language)}
        </Typography>
        <Button size="small" onClick={onChange} disabled={disabled}>
          {t('learnerCase.change')}
        </Button>
      </Box>
      <LearnerCaseNotice learnerCase={learnerCase.case} letterReceivedOn={learnerCase.letterReceivedOn} courseEndDate={courseEndDate} />
    </Box>
  );
}
