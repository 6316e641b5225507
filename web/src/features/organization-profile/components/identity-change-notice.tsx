import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { OrganizationDto } from '@recup/command-api/contracts/organizations';
import { ORGANIZATION_IDENTITY_FIELDS } from '@recup/shared-events/organizations/organization-rules';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast/use-toast';
import { serverMessageOf } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useSaveCentreProfile } from '../api/profile-queries';

/**
 * A verified centre's change of name, address or approval awaiting an administrator: what it asked for, next to
 * what stays in force until then, and a way to withdraw it (saving the details in force again).
 */
export function IdentityChangeNotice({ centre }: { centre: OrganizationDto }) {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const toast = useToast();
  const save = useSaveCentreProfile();
  const pending = centre.pendingIdentityChange;
  if (!pending) return null;
  const shown = (value: string | null) => value || t('identityChange.empty');
  const changes = ORGANIZATION_IDENTITY_FIELDS.filter((field) => (pending[field] ?? null) !== (centre[field] ?? null));

  const withdraw = () => {
    const { name, address, city, postalCode, email, phoneNumber, website, description, descriptionEn, prefectApprovalReference } = centre;
    save.mutate({ name, address, city, postalCode, email, phoneNumber, website, description, descriptionEn, prefectApprovalReference }, {
      onSuccess: () => toast({ variant: 'success', title: t('profile.toast.withdrawn'), description: t('profile.toast.withdrawnBody') }),
      onError: (error) => toast({ variant: 'destructive', title: t('profile.toast.updateError'), description: serverMessageOf(error) ?? t('errors.generic') }),
    });
  };

  return (
    <Alert severity="info" sx={{ mb: 3 }} data-testid="pending-identity-change">
      <AlertTitle>{t('identityChange.title')}</AlertTitle>
      <Typography variant="body2">{t('identityChange.body', { date: formatLongDate(pending.requestedAt, language) })}</Typography>
      <Box component="ul" sx={{ my: 1, pl: 2.5 }}>
        {changes.map((field) => (
          <li key={field}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('identityChange.change', { field: t(`profile.fields.${field}`), from: shown(centre[field]), to: shown(pending[field]) })}
            </Typography>
          </li>
        ))}
      </Box>
      <Button color="inherit" variant="outlined" size="small" onClick={withdraw} loading={save.isPending}>
        {t('profile.withdrawRequest')}
      </Button>
    </Alert>
  );
}
