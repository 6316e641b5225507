import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LatePackDto } from '@recup/query-api/contracts/prefecture-pack';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { api } from '../../../lib/api-client';
import { formatDateRange, formatLongDate } from '../../../lib/format';
import { adminRoot } from '../../../components/admin/admin-query-root';
import { useLanguage } from '../../../lib/use-language';

const latePacksQuery = () =>
  queryOptions({
    queryKey: [...adminRoot, 'prefecture-packs', 'late'] as const,
    queryFn: ({ signal }) => api.get('/api/admin/prefecture-packs/late', { signal, schema: z.array(LatePackDto) }),
    refetchOnMount: 'always',
  });

/** Every centre's late pack for the prefecture (issue 20 §3), the latest first: the centre, the course, how late. */
export function LatePacks() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const packs = useQuery(latePacksQuery());
  return (
    <Box component="section" aria-labelledby="late-packs-title" data-testid="late-packs">
      <Typography id="late-packs-title" component="h2" variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
        {t('latePacks.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{t('latePacks.intro')}</Typography>
      {packs.isPending ? (
        <Box role="status">
          <VisuallyHidden>{t('latePacks.loading')}</VisuallyHidden>
          <Skeleton variant="rounded" height={56} />
        </Box>
      ) : packs.isError ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void packs.refetch()}>{t('common.retry')}</Button>}>{t('latePacks.loadError')}</Alert>
      ) : packs.data.length === 0 ? (
        <Typography color="text.secondary">{t('latePacks.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {packs.data.map((pack, index) => (
            <Fragment key={pack.courseId}>
              {index > 0 ? <Divider component="li" aria-hidden="true" /> : null}
              <Box component="li" sx={{ py: 1.25 }} data-testid="late-pack">
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {t('latePacks.line', { centre: pack.organizationName, title: (language === 'en' && pack.titleEn) || pack.title, dates: formatDateRange(pack.startDate, pack.endDate, language, { weekday: false }) })}
                </Typography>
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                  <Chip size="small" color="error" label={t('latePacks.lateChip')} />
                  <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 600 }}>
                    {t('latePacks.late', { count: -pack.daysLeft, date: formatLongDate(`${pack.deadline}T12:00:00.000Z`, language) })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[pack.antsNumber ? t('latePacks.ants', { number: pack.antsNumber }) : null, t('latePacks.participants', { count: pack.participants })].filter(Boolean).join(' · ')}
                  </Typography>
                </Stack>
              </Box>
            </Fragment>
          ))}
        </Box>
      )}
    </Box>
  );
}
