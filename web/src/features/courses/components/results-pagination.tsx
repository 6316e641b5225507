import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { pageItems } from '../utils/pagination';

export function ResultsPagination({ page, total, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('courses');
  if (total <= 1) return null;
  const items = pageItems(page, total);

  return (
    <Box component="nav" aria-label={t('list.pagination')} sx={{ mt: 4 }}>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ justifyContent: 'center', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button onClick={() => onChange(page - 1)} disabled={page <= 1} startIcon={<ChevronLeftIcon aria-hidden="true" />}>
          {t('list.previous')}
        </Button>
        {items.map((item, index) =>
          item === null ? (
            <Box key={`ellipsis-${index}`} component="span" aria-hidden="true" sx={{ px: 1, color: 'text.secondary' }}>
              …
            </Box>
          ) : (
            <Button
              key={item}
              onClick={() => onChange(item)}
              variant={item === page ? 'contained' : 'text'}
              aria-current={item === page ? 'page' : undefined}
              aria-label={t('list.goToPage', { page: item })}
              sx={{ minWidth: 40, px: 1 }}
            >
              {item}
            </Button>
          ),
        )}
        <Button onClick={() => onChange(page + 1)} disabled={page >= total} endIcon={<ChevronRightIcon aria-hidden="true" />}>
          {t('list.next')}
        </Button>
      </Stack>
    </Box>
  );
}
