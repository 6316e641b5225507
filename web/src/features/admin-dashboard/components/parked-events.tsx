import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ParkedEventRetryResponse } from '@recup/command-api/contracts/parked-events';
import { ParkedEventsDto, type ParkedEventDto } from '@recup/query-api/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRoot } from '../../../components/admin/admin-query-root';
import { useAdminMutation } from '../../../components/admin/use-admin-mutation';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { api } from '../../../lib/api-client';
import { formatShortDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

const parkedEventsQuery = () =>
  queryOptions({
    queryKey: [...adminRoot, 'parked-events'] as const,
    queryFn: ({ signal }) => api.get('/api/admin/parked-events', { signal, schema: ParkedEventsDto }),
    refetchOnMount: 'always',
  });

const retryParkedEvent = (id: string) => api.post(`/api/admin/parked-events/${encodeURIComponent(id)}/retry`, { schema: ParkedEventRetryResponse });

/**
 * The events a reactor kept failing on and set aside (issue 22): which process, which event, the error, how many
 * tries. Once the cause is fixed, an administrator asks for a retry; the list shows it pending until it has run.
 */
export function ParkedEvents() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const parked = useQuery(parkedEventsQuery());
  const retry = useAdminMutation((event: ParkedEventDto) => retryParkedEvent(event.id), {
    success: () => ({ title: t('parkedEvents.retried') }),
  });
  return (
    <Box component="section" aria-labelledby="parked-events-title" data-testid="parked-events">
      <Typography id="parked-events-title" component="h2" variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
        {t('parkedEvents.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{t('parkedEvents.intro')}</Typography>
      {parked.isPending ? (
        <Box role="status">
          <VisuallyHidden>{t('parkedEvents.loading')}</VisuallyHidden>
          <Skeleton variant="rounded" height={56} />
        </Box>
      ) : parked.isError ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void parked.refetch()}>{t('common.retry')}</Button>}>{t('parkedEvents.loadError')}</Alert>
      ) : parked.data.count === 0 ? (
        <Typography color="text.secondary">{t('parkedEvents.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {parked.data.items.map((event, index) => (
            <Fragment key={event.id}>
              {index > 0 ? <Divider component="li" aria-hidden="true" /> : null}
              <Box component="li" sx={{ py: 1.25, display: 'flex', gap: 2, alignItems: { sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' } }} data-testid="parked-event">
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {t('parkedEvents.line', { reactor: event.reactor, type: event.eventType, stream: event.streamName })}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'error.main', overflowWrap: 'anywhere' }}>{event.error}</Typography>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                    <Typography variant="body2" color="text.secondary">
                      {t('parkedEvents.details', { count: event.attempts, date: formatShortDate(event.parkedAt, language) })}
                    </Typography>
                    {event.retryRequestedAt ? <Chip size="small" color="info" label={t('parkedEvents.retryPending')} /> : null}
                  </Stack>
                </Box>
                <Button
                  variant="outlined"
                  size="small"
                  disabled={event.retryRequestedAt !== null || (retry.isPending && retry.variables?.id === event.id)}
                  onClick={() => retry.mutate(event)}
                  aria-label={t('parkedEvents.retryLabel', { type: event.eventType, reactor: event.reactor })}
                  sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
                >
                  {t('parkedEvents.retry')}
                </Button>
              </Box>
            </Fragment>
          ))}
        </Box>
      )}
    </Box>
  );
}
