import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HistoryCategory } from '@recup/command-api/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShortDateTime } from '../admin-format';
import { useLanguage } from '../../../lib/use-language';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { describeHistory, type TimelineItem } from './describe-event';
import { historyQuery } from './history-query';

const anchorOf = (id: string) => `event-${id.replace(/[^\w-]/g, '_')}`;

function TimelineEntry({ item, language }: { item: TimelineItem; language: 'fr' | 'en' }) {
  const { t } = useTranslation('admin');
  const [raw, setRaw] = useState(false);
  const { event } = item;
  return (
    <Box component="li" id={anchorOf(item.id)} tabIndex={-1} sx={{ position: 'relative', pl: 3, pb: 2.5, borderLeft: 2, borderColor: 'divider', ml: 1, '&:last-of-type': { pb: 0 }, '&:focus': { outline: 'none', bgcolor: 'action.hover' } }}>
      <Box aria-hidden="true" sx={{ position: 'absolute', left: -7, top: 4, width: 12, height: 12, borderRadius: '50%', bgcolor: event.actor.type === 'system' ? 'secondary.main' : 'primary.main' }} />
      <Typography variant="body2" color="text.secondary">
        <time dateTime={event.occurredAt} title={event.occurredAtParis}>
          {formatShortDateTime(event.occurredAt, language)}
        </time>
        {' · '}
        {t('history.by', { who: item.who })}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{item.title}</Typography>
      {item.details.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {item.details.map((detail) => (
            <Typography key={detail} component="li" variant="body2">
              {detail}
            </Typography>
          ))}
        </Box>
      ) : null}
      {item.causedBy ? (
        <Typography variant="body2" color="text.secondary">
          <Link
            href={`#${anchorOf(item.causedBy.id)}`}
            onClick={(clicked) => {
              clicked.preventDefault();
              const target = document.getElementById(anchorOf(item.causedBy!.id));
              target?.scrollIntoView({ block: 'center' });
              target?.focus();
            }}
          >
            {t('history.causedBy', { event: item.causedBy.title })}
          </Link>
        </Typography>
      ) : null}
      <Button size="small" onClick={() => setRaw((shown) => !shown)} aria-expanded={raw} sx={{ ml: -1, mt: 0.5 }}>
        {raw ? t('history.hideRaw') : t('history.showRaw')}
      </Button>
      {raw ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {t('history.fromStream', { stream: event.stream, revision: event.revision, position: event.position })}
          </Typography>
          <Box component="pre" tabIndex={0} aria-label={t('history.showRaw')} sx={{ m: 0, mt: 0.5, p: 1.5, bgcolor: 'grey.100', borderRadius: 1, fontSize: '0.75rem', overflowX: 'auto', maxHeight: 320 }}>
            {JSON.stringify({ id: event.id, type: event.type, stream: event.stream, revision: event.revision, position: event.position, occurredAt: event.occurredAt, actor: event.actor, correlationId: event.correlationId, causationId: event.causationId, data: event.data }, null, 2)}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * A record's history as an auditor reads it (issue 13): its events and those of the same chain (a booking's
 * payment, invoice and refund), oldest first, each with when, who and what changed, linked to what caused it,
 * the raw event on demand.
 */
export function HistoryTimeline({ category, id }: { category: HistoryCategory; id: string }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const query = useQuery(historyQuery(category, id));
  const items = useMemo(() => (query.data ? describeHistory(query.data, t, language) : []), [query.data, t, language]);

  if (query.isPending) {
    return (
      <Box role="status">
        <VisuallyHidden>{t('history.loading')}</VisuallyHidden>
        <Stack spacing={1.5}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void query.refetch()}>{t('common.retry')}</Button>}>
        {t('history.error')}
      </Alert>
    );
  }
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('history.intro')}
      </Typography>
      {items.length === 0 ? (
        <Typography>{t('history.empty')}</Typography>
      ) : (
        <Box component="ol" aria-label={t('history.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item) => (
            <TimelineEntry key={item.id} item={item} language={language} />
          ))}
        </Box>
      )}
    </Box>
  );
}
