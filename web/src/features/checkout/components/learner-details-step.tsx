import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ProfileDto } from '@recup/query-api/contracts';
import { isFrenchLicenceNumber } from '@recup/shared-events/users/licence-number';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedDateInput } from '../../../components/date/localized-date-input';
import { CountrySelect } from '../../../components/forms/profile-fields';
import { SubmitButton } from '../../../components/forms/submit-button';
import { LearnerCaseFields } from '../../../components/learner-case/learner-case-fields';
import { learnerCaseErrors, learnerCaseRequest, learnerCaseValuesOf, validLetterDay, type LearnerCaseErrors } from '../../../components/learner-case/learner-case-values';
import { LearnerCaseNotice } from '../../../components/points/learner-case-notice';
import { birthDateProblem } from '../../../lib/profile-values';
import { useLanguage } from '../../../lib/use-language';
import type { PaymentIntent } from '../api/create-payment-intent';
import { learnerProfileQuery, type LearnerDetails, type LicenceDetail, type LicenceValues } from '../api/learner-details';
import { EligibilityNotice } from './eligibility-notice';
import type { DetailsError } from '../machines/checkout-machine';

const LICENCE_DETAILS: readonly LicenceDetail[] = ['licenseNumber', 'dateOfBirth', 'placeOfBirth', 'countryOfBirth'];

function licenceValuesOf(profile: ProfileDto | undefined): LicenceValues {
  return {
    licenseNumber: profile?.licenseNumber ?? '',
    dateOfBirth: profile?.dateOfBirth?.slice(0, 10) ?? '',
    placeOfBirth: profile?.placeOfBirth ?? '',
    countryOfBirth: profile?.countryOfBirth ?? '',
  };
}

type Props = {
  intent: PaymentIntent;
  saving: boolean;
  error: DetailsError | null;
  onSubmit: (details: LearnerDetails) => void;
};

/**
 * The step before the card: why the learner takes the course (the four cases of the law, the 48N letter's day, with
 * what it means for this course), and the licence details the prefecture needs when the profile lacks them, saved to
 * the profile. Nothing is paid before it is done.
 */
export function LearnerDetailsStep({ intent, saving, error, onSubmit }: Props) {
  const { t } = useTranslation('checkout');
  const { t: common } = useTranslation();
  const language = useLanguage();
  const asksLicence = intent.missingLicenceDetails.length > 0;
  const profile = useQuery({ ...learnerProfileQuery(), enabled: asksLicence });
  const [learnerCase, setLearnerCase] = useState(() => learnerCaseValuesOf(intent.learnerCase));
  const [caseErrors, setCaseErrors] = useState<LearnerCaseErrors>({});
  // Filled from the profile once it is read; the learner's typing then wins.
  const [licenceEdits, setLicenceEdits] = useState<Partial<LicenceValues>>({});
  const licence: LicenceValues = { ...licenceValuesOf(profile.data), ...licenceEdits };
  const [licenceErrors, setLicenceErrors] = useState<Partial<Record<LicenceDetail, string>>>({});

  // A refusal of the server that names a field is shown on it; any other, above the button.
  const serverField = error?.field ?? null;
  const serverError = (field: string) => (serverField === field && error?.message ? error.message : undefined);
  const generalError = error && (!serverField || ![...LICENCE_DETAILS, 'learnerCase', 'letterReceivedOn'].includes(serverField)) ? (error.message ?? t('details.errors.saveFailed')) : null;

  const setLicence = (field: LicenceDetail, value: string) => {
    setLicenceEdits((edits) => ({ ...edits, [field]: value }));
    setLicenceErrors((errors) => ({ ...errors, [field]: undefined }));
  };

  const licenceProblems = (): Partial<Record<LicenceDetail, string>> => {
    const problems: Partial<Record<LicenceDetail, string>> = {};
    if (!licence.licenseNumber.trim()) problems.licenseNumber = t('details.errors.licenseNumberRequired');
    else if (!isFrenchLicenceNumber(licence.licenseNumber)) problems.licenseNumber = t('details.errors.licenseNumberInvalid');
    const birth = birthDateProblem(licence.dateOfBirth, language);
    if (!licence.dateOfBirth.trim()) problems.dateOfBirth = t('details.errors.dateOfBirthRequired');
    else if (birth) problems.dateOfBirth = common(`dateInput.errors.${birth}`);
    if (!licence.placeOfBirth.trim()) problems.placeOfBirth = t('details.errors.placeOfBirthRequired');
    if (!licence.countryOfBirth) problems.countryOfBirth = t('details.errors.countryOfBirthRequired');
    return problems;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const caseProblems = learnerCaseErrors(learnerCase, common, language, { required: true });
    const licenceIssues = asksLicence ? licenceProblems() : {};
    setCaseErrors(caseProblems);
    setLicenceErrors(licenceIssues);
    const declared = learnerCaseRequest(learnerCase);
    if (!declared || Object.keys(caseProblems).length > 0 || Object.keys(licenceIssues).length > 0) {
      // The first field in error takes the focus, so that a keyboard or screen reader user lands on it: the question
      // first (its first answer), then the fields the browser marks invalid.
      const first = caseProblems.learnerCase ? 'input[name="learnerCase"]' : '[aria-invalid="true"]';
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`form[data-step="learner-details"] ${first}`)?.focus());
      return;
    }
    onSubmit({ ...declared, licence: asksLicence ? { ...licence, licenseNumber: licence.licenseNumber.trim(), placeOfBirth: licence.placeOfBirth.trim() } : null });
  };

  const shownCaseErrors: LearnerCaseErrors = {
    learnerCase: caseErrors.learnerCase ?? serverError('learnerCase'),
    letterReceivedOn: caseErrors.letterReceivedOn ?? serverError('letterReceivedOn'),
  };
  const licenceError = (field: LicenceDetail) => licenceErrors[field] ?? serverError(field);

  return (
    <Card component="section" aria-labelledby="learner-details-title">
      <CardContent>
        <Box component="form" noValidate onSubmit={submit} data-step="learner-details">
          <Typography id="learner-details-title" component="h2" variant="h4" sx={{ mb: 1 }}>
            {t('details.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
            {t('details.intro')}
          </Typography>
          {/* Said before anything else is asked: this course may earn no points, whatever the case. */}
          <EligibilityNotice courseId={intent.course.id} />
          <Stack spacing={2}>
            <LearnerCaseFields
              values={learnerCase}
              errors={shownCaseErrors}
              onChange={(values) => {
                setLearnerCase(values);
                setCaseErrors({});
              }}
              disabled={saving}
            />
            <LearnerCaseNotice learnerCase={learnerCase.learnerCase || null} letterReceivedOn={validLetterDay(learnerCase, language)} courseEndDate={intent.course.endDate} />
          </Stack>
          {asksLicence ? (
            <Box component="section" aria-labelledby="licence-details-title" sx={{ mt: 3 }}>
              <Divider sx={{ mb: 2.5 }} />
              <Typography id="licence-details-title" component="h3" variant="h5" sx={{ mb: 1 }}>
                {t('details.licenceTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('details.licenceIntro')}
              </Typography>
              {profile.isPending ? (
                <Box role="status" sx={{ py: 2 }}>
                  <Typography variant="body2" sx={{ mb: 1 }}>
                    {t('details.loadingProfile')}
                  </Typography>
                  <LinearProgress aria-hidden="true" />
                </Box>
              ) : (
                <>
                  {profile.isError ? (
                    <Alert severity="error" sx={{ mb: 2 }}>
                      {t('details.errors.profileLoad')}
                    </Alert>
                  ) : null}
                  <Grid container spacing={2}>
                    <Grid size={12}>
                      <TextField
                        label={common('profileFields.licenseNumber')}
                        name="licenseNumber"
                        value={licence.licenseNumber}
                        onChange={(event) => setLicence('licenseNumber', event.target.value)}
                        error={Boolean(licenceError('licenseNumber'))}
                        helperText={licenceError('licenseNumber') ?? t('details.licenseNumberHelp')}
                        disabled={saving}
                        required
                        fullWidth
                        autoComplete="off"
                        slotProps={{ htmlInput: { maxLength: 30, spellCheck: false, autoCapitalize: 'characters' } }}
                      />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                      <LocalizedDateInput
                        label={common('profileFields.dateOfBirth')}
                        name="dateOfBirth"
                        value={licence.dateOfBirth}
                        onChange={(value) => setLicence('dateOfBirth', value)}
                        error={licenceError('dateOfBirth')}
                        required
                        disabled={saving}
                        autoComplete="bday"
                      />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                      <CountrySelect
                        field="countryOfBirth"
                        label={common('profileFields.countryOfBirth')}
                        value={licence.countryOfBirth}
                        onChange={(_, value) => setLicence('countryOfBirth', value)}
                        error={licenceError('countryOfBirth')}
                        disabled={saving}
                        required
                        autoComplete="off"
                      />
                    </Grid>
                    <Grid size={12}>
                      <TextField
                        label={t('details.placeOfBirth')}
                        name="placeOfBirth"
                        value={licence.placeOfBirth}
                        onChange={(event) => setLicence('placeOfBirth', event.target.value)}
                        error={Boolean(licenceError('placeOfBirth'))}
                        helperText={licenceError('placeOfBirth')}
                        disabled={saving}
                        required
                        fullWidth
                        autoComplete="off"
                        slotProps={{ htmlInput: { maxLength: 100 } }}
                      />
                    </Grid>
                  </Grid>
                </>
              )}
            </Box>
          ) : null}
          {generalError ? (
            <Alert severity="error" role="alert" sx={{ mt: 2.5 }}>
              {generalError}
            </Alert>
          ) : null}
          <Box sx={{ mt: 3 }}>
            <SubmitButton pending={saving} disabled={asksLicence && profile.isPending} fullWidth>
              {saving ? t('details.saving') : t('details.submit')}
            </SubmitButton>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
