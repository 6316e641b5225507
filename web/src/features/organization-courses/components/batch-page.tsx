import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrganizationDto } from '@recup/command-api/contracts/organizations';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { SubmitButton } from '../../../components/forms/submit-button';
import { PageContainer } from '../../../components/layout/page-container';
import { useToast } from '../../../components/ui/toast/use-toast';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useCreateCourseBatch } from '../api/course-mutations';
import { CourseDatesFields, CourseDetailsFields } from '../../../components/course-form/course-fields';
import { NEW_COURSE, proposedEnd, requestOf, validateCourse, type CourseFormErrors, type CourseFormField, type CourseFormValues } from '../../../components/course-form/course-form';
import { COURSE_FORM_NAMESPACE } from '../../../components/course-form/course-form-texts';
import { usePostalCommunes } from '../../../components/course-form/postal-communes';

type Session = { key: number; startDate: string; endDate: string; antsNumber: string };
const SESSION_FIELDS = ['startDate', 'endDate', 'antsNumber'] as const;

/**
 * `/organization/courses/batch` (spec 001 §2): common details once, then sessions added and removed (one at
 * least); every session is published, or none.
 */
export function CourseBatchPage({ centre }: { centre: OrganizationDto }) {
  const { t } = useTranslation('organization');
  const { t: formText } = useTranslation(COURSE_FORM_NAMESPACE);
  const language = useLanguage();
  const toast = useToast();
  const navigate = useNavigate();
  const batch = useCreateCourseBatch();
  const nextKey = useRef(2);
  const [common, setCommon] = useState<CourseFormValues>(NEW_COURSE);
  const [sessions, setSessions] = useState<Session[]>([{ key: 1, startDate: '', endDate: '', antsNumber: '' }]);
  const [commonErrors, setCommonErrors] = useState<CourseFormErrors>({});
  const communes = usePostalCommunes(common.postalCode);
  const [sessionErrors, setSessionErrors] = useState<Record<number, CourseFormErrors>>({});
  const translate = (key: string, options?: Record<string, unknown>) => String(formText(key as never, options as never));

  const changeCommon = (field: CourseFormField, value: string) => {
    setCommon((current) => ({ ...current, [field]: value }));
    setCommonErrors((current) => ({ ...current, [field]: undefined }));
  };
  const changeSession = (key: number, field: CourseFormField, value: string) => {
    setSessions((current) => current.map((s) => (s.key !== key ? s : { ...s, [field]: value, ...(field === 'startDate' && value ? { endDate: proposedEnd(value) } : {}) })));
    setSessionErrors((current) => ({ ...current, [key]: { ...current[key], [field]: undefined, ...(field === 'startDate' ? { endDate: undefined } : {}) } }));
  };
  const addSession = () => {
    setSessions((current) => [...current, { key: nextKey.current, startDate: '', endDate: '', antsNumber: '' }]);
    nextKey.current += 1;
  };
  const removeSession = (key: number) => setSessions((current) => (current.length > 1 ? current.filter((s) => s.key !== key) : current));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const now = new Date();
    const foundCommon: CourseFormErrors = {};
    const foundSessions: Record<number, CourseFormErrors> = {};
    for (const session of sessions) {
      const errors = validateCourse({ ...common, ...session }, { now, communes }, translate, language);
      for (const [field, message] of Object.entries(errors) as Array<[CourseFormField, string]>) {
        const sessionField = (SESSION_FIELDS as readonly string[]).includes(field);
        if (sessionField) foundSessions[session.key] = { ...foundSessions[session.key], [field]: message };
        else foundCommon[field] ??= field === 'title' ? t('courses.batch.titleRequired') : message;
      }
    }
    setCommonErrors(foundCommon);
    setSessionErrors(foundSessions);
    if (Object.keys(foundCommon).length > 0 || Object.keys(foundSessions).length > 0) return;
    const body = sessions.map((session) => requestOf({ ...common, ...session }));
    batch.mutate(body, {
      onSuccess: (created) => {
        toast({ variant: 'success', title: t('courses.toast.successTitle'), description: t('courses.toast.batchCreated', { count: created.length }) });
        void navigate('/organization/courses');
      },
      onError: (error) => {
        const message = serverMessageOf(error);
        // The server names the session's field as `<index>.<field>`.
        const place = isApiError(error) ? /^(\d+)\.(\w+)$/.exec(error.field ?? '') : null;
        const session = place ? sessions[Number(place[1])] : undefined;
        if (place && session && message) {
          const field = place[2] as CourseFormField;
          if ((SESSION_FIELDS as readonly string[]).includes(field)) setSessionErrors({ [session.key]: { [field]: message } });
          else setCommonErrors({ [field]: message });
        }
        toast({ variant: 'destructive', title: t('courses.toast.createError'), description: message ?? t('errors.generic') });
      },
    });
  };

  const pending = batch.isPending;
  return (
    <PageContainer title={t('courses.batch.title')} maxWidth="lg">
      <Button component={RouterLink} to="/organization/courses" startIcon={<ArrowBackIcon aria-hidden="true" />} sx={{ mb: 2 }}>
        {t('courses.batch.back')}
      </Button>
      <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
        {t('courses.batch.title')}
      </Typography>
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('courses.batch.info')} {formText('lawNote')}
      </Alert>
      {!centre.isVerified ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          <strong>{t('pending.title')}</strong> — {t('pending.body')}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={3}>
          <Card>
            <CardContent>
              <Typography component="h2" variant="h3" sx={{ mb: 2 }}>
                {t('courses.batch.common')}
              </Typography>
              <CourseDetailsFields values={common} errors={commonErrors} onChange={changeCommon} disabled={pending} idPrefix="batch" />
            </CardContent>
          </Card>
          <Box component="section" aria-labelledby="batch-sessions-title">
            <Typography id="batch-sessions-title" component="h2" variant="h3" sx={{ mb: 2 }}>
              {t('courses.batch.sessions')}
            </Typography>
            <Stack spacing={2}>
              {sessions.map((session, index) => (
                <Card key={session.key} component="fieldset" sx={{ border: 1, borderColor: 'divider', m: 0, p: 0 }} data-testid="batch-session">
                  <CardContent>
                    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
                      <Typography component="legend" variant="h4" sx={{ fontSize: '1.05rem', fontWeight: 600, float: 'left', p: 0 }}>
                        {t('courses.batch.session', { number: index + 1 })}
                      </Typography>
                      <IconButton
                        onClick={() => removeSession(session.key)}
                        disabled={sessions.length <= 1 || pending}
                        aria-label={t('courses.batch.removeSession', { number: index + 1 })}
                        color="error"
                      >
                        <DeleteOutlinedIcon />
                      </IconButton>
                    </Stack>
                    <CourseDatesFields
                      values={{ ...common, ...session }}
                      errors={sessionErrors[session.key] ?? {}}
                      onChange={(field, value) => changeSession(session.key, field, value)}
                      disabled={pending}
                      idPrefix={`session-${session.key}`}
                      showEndHint={index === 0}
                    />
                  </CardContent>
                </Card>
              ))}
            </Stack>
            <Button onClick={addSession} startIcon={<AddIcon aria-hidden="true" />} sx={{ mt: 2 }} disabled={pending}>
              {t('courses.batch.addSession')}
            </Button>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to="/organization/courses" disabled={pending} size="large">
              {formText('cancel')}
            </Button>
            <SubmitButton pending={pending} disabled={!centre.isVerified}>
              {t('courses.batch.submit', { count: sessions.length })}
            </SubmitButton>
          </Stack>
        </Stack>
      </Box>
    </PageContainer>
  );
}
