import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { OrganizationDto } from '@recup/command-api/contracts/organizations';
import {
  APPROVAL_EXPIRING_WITHIN_DAYS, approvalExpired, daysUntilApprovalEnds, type CentreNotifications,
} from '@recup/shared-events/organizations/centre-notices';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast/use-toast';
import { serverMessageOf } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useSaveCentreProfile } from '../api/profile-queries';

/** A calendar day (`YYYY-MM-DD`) in words, as the day it names. */
const dayIso = (day: string) => `${day}T12:00:00.000Z`;

/** The centre's prefectoral approval as an administrator recorded it (issue 20 §7): its number, its dates, and what they mean now. */
export function ApprovalCard({ centre }: { centre: OrganizationDto }) {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const titleId = useId();
  const now = new Date();
  const expiresOn = centre.approvalExpiresOn;
  const rows: Array<[string, string]> = [
    [t('profile.approval.reference'), centre.prefectApprovalReference ?? t('profile.approval.notRecorded')],
    [t('profile.approval.grantedOn'), centre.approvalGrantedOn ? formatLongDate(dayIso(centre.approvalGrantedOn), language, { weekday: false }) : t('profile.approval.notRecorded')],
    [t('profile.approval.expiresOn'), expiresOn ? formatLongDate(dayIso(expiresOn), language, { weekday: false }) : t('profile.approval.notRecorded')],
  ];
  const days = expiresOn ? daysUntilApprovalEnds(expiresOn, now) : null;
  const date = expiresOn ? formatLongDate(dayIso(expiresOn), language, { weekday: false }) : '';
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mt: 3 }} data-testid="approval-card">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id={titleId} component="h2" variant="h3" sx={{ mb: 1 }}>
          {t('profile.approval.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('profile.approval.intro')}
        </Typography>
        <Stack component="dl" spacing={1} sx={{ m: 0, mb: 2 }}>
          {rows.map(([label, value]) => (
            <Stack key={label} direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ alignItems: { sm: 'baseline' } }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: { sm: 200 } }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 500 }}>
                {value}
              </Typography>
            </Stack>
          ))}
        </Stack>
        {expiresOn === null || days === null ? (
          <Alert severity="info">{t('profile.approval.none')}</Alert>
        ) : approvalExpired(expiresOn, now) ? (
          <Alert severity="error" data-testid="approval-expired">{t('profile.approval.expired', { date })}</Alert>
        ) : days <= APPROVAL_EXPIRING_WITHIN_DAYS ? (
          <Alert severity="warning" data-testid="approval-ending">{t('profile.approval.ending', { count: days, date })}</Alert>
        ) : (
          <Alert severity="success">{t('profile.approval.valid', { count: days })}</Alert>
        )}
      </CardContent>
    </Card>
  );
}

const KINDS: ReadonlyArray<keyof CentreNotifications> = ['newBooking', 'cancellationOrMove', 'lowEnrolment', 'packDue'];

/** The e-mails the centre receives at its address (issue 20 §5): one switch each, saved as soon as it changes. */
export function NotificationsCard({ centre }: { centre: OrganizationDto }) {
  const { t } = useTranslation('organization');
  const toast = useToast();
  const save = useSaveCentreProfile();
  const titleId = useId();
  const chosen = centre.notifications;

  const change = (kind: keyof CentreNotifications, on: boolean) => {
    save.mutate({ notifications: { ...chosen, [kind]: on } }, {
      onSuccess: () => toast({ variant: 'success', title: t('profile.notifications.saved'), description: t(on ? 'profile.notifications.savedOn' : 'profile.notifications.savedOff', { kind: t(`profile.notifications.${kind}`) }) }),
      onError: (error) => toast({ variant: 'destructive', title: t('profile.notifications.error'), description: serverMessageOf(error) ?? t('errors.generic') }),
    });
  };

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mt: 3 }} data-testid="notifications-card">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id={titleId} component="h2" variant="h3" sx={{ mb: 1 }}>
          {t('profile.notifications.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {t('profile.notifications.intro', { email: centre.email })}
        </Typography>
        <FormGroup>
          {KINDS.map((kind) => (
            <FormControlLabel
              key={kind}
              sx={{ alignItems: 'flex-start', mb: 1.5, mr: 0 }}
              control={<Switch checked={chosen[kind]} disabled={save.isPending} onChange={(event) => change(kind, event.target.checked)} name={kind} />}
              label={
                <Stack sx={{ pt: 0.75 }}>
                  <span>{t(`profile.notifications.${kind}`)}</span>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t(`profile.notifications.${kind}Hint`)}
                  </Typography>
                </Stack>
              }
            />
          ))}
        </FormGroup>
      </CardContent>
    </Card>
  );
}
