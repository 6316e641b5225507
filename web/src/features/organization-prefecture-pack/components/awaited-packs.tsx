import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AwaitedPackDto } from '@recup/query-api/contracts/prefecture-pack';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useToast } from '../../../components/ui/toast/use-toast';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { serverMessageOf } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/download';
import { formatDateRange, formatLongDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { packPath, packQueries, useMarkPackSent } from '../api/pack-queries';

/** The deadline, a Paris day (YYYY-MM-DD), written as the screens write days. */
const deadlineOf = (day: string) => `${day}T12:00:00.000Z`;

/**
 * The centre's dashboard (issue 20 §3): the ended courses whose pack for the prefecture is not marked sent, late ones
 * first (in red, "en retard"), with the days left, a link to download the pack (ZIP) and one to mark it sent.
 */
export function AwaitedPacks() {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const toast = useToast();
  const packs = useQuery(packQueries.awaited());
  const [confirming, setConfirming] = useState<AwaitedPackDto | null>(null);
  const courseName = (pack: AwaitedPackDto) => t('pack.course', { title: (language === 'en' && pack.titleEn) || pack.title, dates: formatDateRange(pack.startDate, pack.endDate, language, { weekday: false }) });

  const download = async (pack: AwaitedPackDto) => {
    try {
      await downloadFromApi(packPath(pack.courseId), 'dossier-prefecture.zip');
    } catch (error) {
      toast({ variant: 'destructive', title: t('pack.error'), description: serverMessageOf(error) ?? t('errors.generic') });
    }
  };

  return (
    <Box component="section" aria-labelledby="awaited-packs-title" data-testid="awaited-packs">
      <Typography id="awaited-packs-title" component="h2" variant="h3" sx={{ mb: 0.5 }}>
        {t('pack.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('pack.intro')}
      </Typography>
      {packs.isPending ? (
        <Box role="status">
          <VisuallyHidden>{t('pack.loading')}</VisuallyHidden>
          <Skeleton variant="rounded" height={56} />
        </Box>
      ) : packs.isError ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void packs.refetch()}>{t('actions.retry', { ns: 'common' })}</Button>}>
          {t('pack.loadError')}
        </Alert>
      ) : packs.data.length === 0 ? (
        <Typography color="text.secondary">{t('pack.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {packs.data.map((pack, index) => {
            const name = courseName(pack);
            const date = formatLongDate(deadlineOf(pack.deadline), language);
            return (
              <Fragment key={pack.courseId}>
                {index > 0 ? <Divider component="li" aria-hidden="true" /> : null}
                <Box component="li" sx={{ py: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }} data-testid="awaited-pack" data-late={pack.late} data-course-id={pack.courseId}>
                  <Box sx={{ minWidth: 0, flex: '1 1 16rem' }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {[pack.antsNumber ? t('pack.ants', { number: pack.antsNumber }) : null, t('pack.participants', { count: pack.participants, completed: pack.completed })].filter(Boolean).join(' · ')}
                    </Typography>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }} useFlexGap>
                      {pack.late ? <Chip size="small" color="error" label={t('pack.lateChip')} /> : null}
                      <Typography variant="body2" sx={{ fontWeight: 600, color: pack.late ? 'error.main' : pack.daysLeft <= 5 ? 'warning.dark' : 'text.primary' }} data-testid="pack-days">
                        {pack.late ? t('pack.late', { count: -pack.daysLeft, date }) : t('pack.daysLeft', { count: pack.daysLeft, date })}
                      </Typography>
                    </Stack>
                  </Box>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    <Button size="small" variant="outlined" startIcon={<FileDownloadOutlinedIcon aria-hidden="true" />} onClick={() => void download(pack)} aria-label={t('pack.downloadLabel', { course: name })}>
                      {t('pack.download')}
                    </Button>
                    <Button size="small" variant="contained" startIcon={<CheckCircleOutlineIcon aria-hidden="true" />} onClick={() => setConfirming(pack)} aria-label={t('pack.markSentLabel', { course: name })}>
                      {t('pack.markSent')}
                    </Button>
                  </Stack>
                </Box>
              </Fragment>
            );
          })}
        </Box>
      )}
      {confirming ? <MarkSentDialog name={courseName(confirming)} courseId={confirming.courseId} onClose={() => setConfirming(null)} /> : null}
    </Box>
  );
}

function MarkSentDialog({ name, courseId, onClose }: { name: string; courseId: string; onClose: () => void }) {
  const { t } = useTranslation('organization');
  const toast = useToast();
  const markSent = useMarkPackSent();
  const titleId = useId();
  const textId = useId();
  const confirm = () =>
    markSent.mutate(courseId, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('pack.sent') });
        onClose();
      },
      onError: (error) => toast({ variant: 'destructive', title: t('pack.error'), description: serverMessageOf(error) ?? t('errors.generic') }),
    });
  return (
    <Dialog open onClose={markSent.isPending ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{t('pack.confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('pack.confirm.body', { course: name })}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={markSent.isPending}>{t('pack.confirm.cancel')}</Button>
        <SubmitButton type="button" pending={markSent.isPending} onClick={confirm} size="medium">
          {t('pack.confirm.confirm')}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
