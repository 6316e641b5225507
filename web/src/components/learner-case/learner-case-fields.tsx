import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LearnerCase } from '@recup/shared-events/bookings/learner-case';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedDateInput } from '../date/localized-date-input';
import { LEARNER_CASES, type LearnerCaseErrors, type LearnerCaseValues } from './learner-case-values';

type Props = {
  values: LearnerCaseValues;
  errors: LearnerCaseErrors;
  onChange: (values: LearnerCaseValues) => void;
  disabled?: boolean;
  /** Asked on the course page, the case may be left for the payment step: said under the question. */
  optional?: boolean;
};

/**
 * "Why are you taking this course?": the four cases of the law, each with a line saying when it applies, and for the
 * 48N case the day the letter was received. Keyboard: the arrow keys move between the cases, Tab to the date.
 */
export function LearnerCaseFields({ values, errors, onChange, disabled, optional }: Props) {
  const { t } = useTranslation();
  const legendId = useId();
  const hintId = useId();
  const errorId = useId();
  const letterHintId = useId();
  return (
    <Stack spacing={1.5}>
      <FormControl component="fieldset" error={Boolean(errors.learnerCase)} required={!optional} disabled={disabled}>
        <FormLabel component="legend" id={legendId} sx={{ fontWeight: 600, color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } }}>
          {t('learnerCase.legend')}
        </FormLabel>
        {/* A hint, not the error: it keeps its colour when the question is in error. */}
        <FormHelperText id={hintId} error={false} sx={{ mx: 0, mb: 1 }}>
          {optional ? `${t('learnerCase.hint')} ${t('learnerCase.laterHint')}` : t('learnerCase.hint')}
        </FormHelperText>
        <RadioGroup
          name="learnerCase"
          aria-labelledby={legendId}
          aria-describedby={errors.learnerCase ? `${hintId} ${errorId}` : hintId}
          value={values.learnerCase}
          onChange={(event) => onChange({ ...values, learnerCase: event.target.value as LearnerCase })}
        >
          {LEARNER_CASES.map((learnerCase) => (
            <FormControlLabel
              key={learnerCase}
              value={learnerCase}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mb: 0.75, mr: 0, '& .MuiRadio-root': { mt: -0.75 } }}
              label={
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {t(`learnerCase.cases.${learnerCase}.label`)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                    {t(`learnerCase.cases.${learnerCase}.help`)}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
        {errors.learnerCase ? (
          <FormHelperText id={errorId} sx={{ mx: 0 }}>
            {errors.learnerCase}
          </FormHelperText>
        ) : null}
      </FormControl>
      {values.learnerCase === 'PROBATION_48N' ? (
        <Box>
          <LocalizedDateInput
            label={t('learnerCase.letterReceivedOn')}
            name="letterReceivedOn"
            value={values.letterReceivedOn}
            onChange={(letterReceivedOn) => onChange({ ...values, letterReceivedOn })}
            error={errors.letterReceivedOn}
            futureMessage={t('learnerCase.letterFuture')}
            required
            disabled={disabled}
            autoComplete="off"
          />
          <Typography id={letterHintId} variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {t('learnerCase.letterHelp')}
          </Typography>
        </Box>
      ) : null}
    </Stack>
  );
}
