import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { adminOrganizationQueries } from '../api/organization-queries';

/**
 * Issue 20 §7: the approvals that end within 90 days, or have ended, soonest first, each with its days left; a
 * centre's name opens its record. Shown above the list of centres, so that none lapses unseen; on a phone folded under its
 * title and count, so that the list of centres stays on the first screen.
 */
export function ExpiringApprovals({ onOpen }: { onOpen: (organizationId: string) => void }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const titleId = useId();
  const query = useQuery(adminOrganizationQueries.expiringApprovals());
  const days = query.data?.withinDays ?? 90;
  const wide = useMediaQuery(useTheme().breakpoints.up('sm'), { noSsr: true });
  const [unfolded, setUnfolded] = useState<boolean | null>(null);
  const open = unfolded ?? wide;
  const contentId = useId();

  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" sx={{ mb: 3 }} data-testid="expiring-approvals">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          <EventBusyOutlinedIcon color="warning" aria-hidden="true" />
          <Typography id={titleId} component="h2" variant="h3">
            {t('organizations.expiring.title', { days })}
          </Typography>
        </Stack>
        {wide ? null : (
          <Button
            size="small"
            onClick={() => setUnfolded(!open)}
            aria-expanded={open}
            aria-controls={contentId}
            sx={{ mt: 0.5, px: 0 }}
            data-testid="expiring-approvals-toggle"
          >
            {open ? t('organizations.expiring.hide') : t('organizations.expiring.show', { count: query.data?.approvals.length ?? 0 })}
          </Button>
        )}
        <Collapse in={open} id={contentId}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2, mt: 0.5 }}>
            {t('organizations.expiring.intro')}
          </Typography>
          {query.isPending ? (
            <Stack spacing={1} aria-busy="true">
              <Skeleton variant="rounded" height={40} />
              <Skeleton variant="rounded" height={40} />
            </Stack>
          ) : query.isError ? (
            <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void query.refetch()}>{t('common.retry')}</Button>}>
              {t('organizations.expiring.loadError')}
            </Alert>
          ) : query.data.approvals.length === 0 ? (
            <Typography variant="body2" data-testid="expiring-approvals-empty">{t('organizations.expiring.empty', { days })}</Typography>
          ) : (
            <Box component="ul" aria-label={t('organizations.expiring.label')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {query.data.approvals.map((approval) => (
                <Box
                  component="li"
                  key={approval.organizationId}
                  data-testid="expiring-approval"
                  sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1, borderTop: 1, borderColor: 'divider' }}
                >
                  <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                    <Button
                      variant="text"
                      onClick={() => onOpen(approval.organizationId)}
                      aria-label={t('organizations.expiring.open', { name: approval.name })}
                      sx={{ p: 0, minWidth: 0, textAlign: 'left', justifyContent: 'flex-start', fontWeight: 600, overflowWrap: 'anywhere' }}
                    >
                      {approval.name}
                    </Button>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {`${approval.city} · ${approval.prefectApprovalReference ? t('organizations.expiring.reference', { reference: approval.prefectApprovalReference }) : t('organizations.expiring.noReference')}`}
                    </Typography>
                  </Box>
                  <Typography variant="body2" sx={{ flex: '0 1 auto' }}>
                    {t('organizations.expiring.endsOn', { date: formatLongDate(`${approval.approvalExpiresOn}T12:00:00.000Z`, language, { weekday: false }) })}
                  </Typography>
                  <Chip
                    size="small"
                    color={approval.expired ? 'error' : 'warning'}
                    variant={approval.expired ? 'filled' : 'outlined'}
                    label={approval.expired ? t('organizations.expiring.expired') : approval.daysLeft === 0 ? t('organizations.expiring.endsToday') : t('organizations.expiring.daysLeft', { count: approval.daysLeft })}
                  />
                </Box>
              ))}
            </Box>
          )}
        </Collapse>
      </CardContent>
    </Card>
  );
}
