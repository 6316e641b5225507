import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { pageItems } from '../../lib/pagination';

export interface PaginationLabels {
  /** The navigation's name for assistive technology. */
  navigation: string;
  previous: string;
  next: string;
  goToPage: (page: number) => string;
  /** "Affichage de 1 à 10 sur 23". */
  showing: (from: number, to: number, total: number) => string;
}

/** Previous / next, page buttons with ellipses, and a "showing X to Y of Z" line (spec 001 §2). */
export function GridPagination({ page, pageSize, total, onChange, labels }: { page: number; pageSize: number; total: number; onChange: (page: number) => void; labels: PaginationLabels }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mt: 2 }}>
      <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
        {labels.showing(from, to, total)}
      </Typography>
      {pages > 1 ? (
        <Box component="nav" aria-label={labels.navigation}>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button size="small" onClick={() => onChange(page - 1)} disabled={page <= 1} startIcon={<ChevronLeftIcon aria-hidden="true" />}>
              {labels.previous}
            </Button>
            {pageItems(page, pages).map((item, index) =>
              item === null ? (
                <Box key={`ellipsis-${index}`} component="span" aria-hidden="true" sx={{ px: 1, color: 'text.secondary' }}>
                  …
                </Box>
              ) : (
                <Button
                  key={item}
                  size="small"
                  onClick={() => onChange(item)}
                  variant={item === page ? 'contained' : 'text'}
                  aria-current={item === page ? 'page' : undefined}
                  aria-label={labels.goToPage(item)}
                  sx={{ minWidth: 40, px: 1 }}
                >
                  {item}
                </Button>
              ),
            )}
            <Button size="small" onClick={() => onChange(page + 1)} disabled={page >= pages} endIcon={<ChevronRightIcon aria-hidden="true" />}>
              {labels.next}
            </Button>
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}
