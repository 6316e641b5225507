import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { AdminOrganizationDto } from '@recup/query-api/contracts/admin';
import { ORGANIZATION_IDENTITY_FIELDS } from '@recup/shared-events/organizations/organization-rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShortDateTime } from '../../../components/admin/admin-format';
import { useAdminMutation } from '../../../components/admin/use-admin-mutation';
import { useLanguage } from '../../../lib/use-language';
import { decideIdentityChange } from '../api/organization-queries';

/** The identity fields a pending request changes: what is in force, and what the centre asks for. */
function identityChanges(organization: AdminOrganizationDto) {
  const pending = organization.pendingIdentityChange;
  if (!pending) return [];
  return ORGANIZATION_IDENTITY_FIELDS.filter((field) => (pending[field] ?? null) !== (organization[field] ?? null)).map((field) => ({
    field, current: organization[field] ?? null, requested: pending[field] ?? null,
  }));
}

/** Each change as "field: in force → asked for", one under the other (it reads the same at 360 px and on a desktop). */
export function IdentityChangeList({ organization }: { organization: AdminOrganizationDto }) {
  const { t } = useTranslation('admin');
  const shown = (value: string | null) => value || t('organizations.review.empty');
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }} data-testid="identity-changes">
      {identityChanges(organization).map(({ field, current, requested }) => (
        <Box key={field}>
          <Typography component="dt" variant="subtitle2">
            {t(`organizations.form.${field}`)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ color: 'text.secondary' }}>{`${t('organizations.review.current')} `}</Box>
            <Box component="del" sx={{ textDecorationColor: 'currentcolor' }}>{shown(current)}</Box>
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', fontWeight: 600 }}>
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>{`${t('organizations.review.requested')} `}</Box>
            <ins style={{ textDecoration: 'none' }}>{shown(requested)}</ins>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * An administrator decides on a verified centre's change of name, address or approval, seeing each field as it
 * stands and as asked: approved, it applies everywhere; rejected, the centre keeps its details. The decision names
 * the request shown, so a request the centre replaced meanwhile is not decided unseen.
 */
export function IdentityChangeDialog({ organization, onClose }: { organization: AdminOrganizationDto | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const decide = useAdminMutation(
    ({ decision }: { decision: 'approve' | 'reject' }) => decideIdentityChange(organization!.id, decision, organization!.pendingIdentityChange!.requestId),
    { success: (_result, { decision }) => ({ title: t(decision === 'approve' ? 'organizations.review.approved' : 'organizations.review.rejected') }), onSuccess: onClose },
  );
  const pending = organization?.pendingIdentityChange ?? null;
  return (
    <Dialog open={organization !== null && pending !== null} onClose={decide.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>{t('organizations.review.title', { name: organization?.name ?? '' })}</DialogTitle>
      <DialogContent>
        {organization && pending ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('organizations.review.intro', { date: formatShortDateTime(pending.requestedAt, language) })}
            </Typography>
            <IdentityChangeList organization={organization} />
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={decide.isPending}>
          {t('common.cancel')}
        </Button>
        <Button color="error" variant="outlined" onClick={() => decide.mutate({ decision: 'reject' })} disabled={decide.isPending}>
          {t('organizations.review.reject')}
        </Button>
        <Button color="success" variant="contained" onClick={() => decide.mutate({ decision: 'approve' })} loading={decide.isPending && decide.variables?.decision === 'approve'} disabled={decide.isPending}>
          {t('organizations.review.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
