import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PageContainer } from '../../../components/layout/page-container';
import { StatusPanel } from '../../../components/ui/status-panel';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { lazyComponent } from '../../../lib/lazy-component';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { courseQueries } from '../api/course-queries';
import { PAGE_SIZE, pageCount } from '../utils/pagination';
import { toIsoDay } from '../../../lib/format';
import {
  activeFilterCount,
  COURSE_SORTS,
  DEFAULT_FILTERS,
  defaultSort,
  isUpcoming,
  pageFromUrl,
  searchFromUrl,
  toSearchParams,
  urlFromSearch,
  withPage,
  type CourseSort,
} from '../utils/search-params';
import { CourseCard } from './course-card';
import { CourseCardSkeleton } from './course-card-skeleton';
import type { FilterDraft } from './course-filters';
import { LocationSearchForm } from './location-search-form';
import { ResultsPagination } from './results-pagination';

/**
 * The filters (sliders, the department's select, the date pickers) load on demand: on a phone they open in a
 * dialog, so the list's first paint does not carry them; a wider screen shows them at once in the side panel, and
 * its route fetches them with the page (`preloadForScreen`).
 */
const CourseFiltersForm = lazyComponent(() => import('./course-filters').then((module) => module.CourseFiltersForm));

/** Where the filters show in the side panel (MUI's md breakpoint and up). */
const SIDE_PANEL_QUERY = '(min-width: 900px)';

/** Fetches the filters' code ahead (a wide screen shows them with the list's first paint). */
export function preloadFilters(): Promise<void> {
  return Promise.all([CourseFiltersForm.preload(), import('./course-filters').then((module) => module.preloadDateFields())]).then(() => undefined);
}

export function preloadForScreen(): Promise<void> {
  return globalThis.matchMedia?.(SIDE_PANEL_QUERY).matches ? preloadFilters() : Promise.resolve();
}

function FiltersLoading() {
  return (
    <Stack spacing={2}>
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={48} />
      ))}
    </Stack>
  );
}

/** "Filtres 2 actifs": the count shows as a small pill; a screen reader reads it with its word. */
function FilterCount({ count }: { count: number }) {
  const { t } = useTranslation('courses');
  if (count === 0) return null;
  return (
    <>
      {' '}
      <Box
        component="span"
        data-testid="active-filter-count"
        // A margin, not a space: inside a button (a flex box) a space between two children is not drawn.
        sx={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', ml: 1, minWidth: 22, height: 22, px: 0.75, borderRadius: 11, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: '0.8125rem', fontWeight: 700, lineHeight: 1 }}
      >
        {count}
      </Box>
      <VisuallyHidden>{` ${t('filters.active', { count })}`}</VisuallyHidden>
    </>
  );
}

/** The order of the results, in the results' header: by distance around a searched place, by date, by price. */
function SortSelect({ value, hasLocation, onChange }: { value: CourseSort; hasLocation: boolean; onChange: (sort: CourseSort) => void }) {
  const { t } = useTranslation('courses');
  const options = COURSE_SORTS.filter((sort) => sort !== 'distance' || hasLocation);
  return (
    <TextField
      select
      size="small"
      label={t('sort.label')}
      value={value}
      onChange={(event) => onChange(event.target.value as CourseSort)}
      sx={{ minWidth: 150, flex: { xs: 1, sm: 'none' } }}
      data-testid="course-sort"
    >
      {options.map((sort) => (
        <MenuItem key={sort} value={sort}>
          {t(`sort.${sort}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The count and page on one side; the order and (on a phone) the filters on the other, side by side on a phone too. */
function ResultsHeader({ status, actions }: { status: ReactNode; actions: ReactNode }) {
  return (
    <Stack direction="row" useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap', gap: 1.5 }}>
      {status}
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', gap: 1.5, width: { xs: '100%', sm: 'auto' } }}>
        {actions}
      </Stack>
    </Stack>
  );
}

/**
 * Its children on a narrow screen only (`narrow`), or on a wide one only: which filters to mount, the side panel's
 * (md and up) or the phone's dialog. What shows is CSS's to decide, so that the page the server wrote (the wide
 * layout) is right on a phone too before React has taken it over; when the screen's answer comes, this alone renders
 * again, not the list.
 */
function OnScreen({ narrow, children }: { narrow: boolean; children: ReactNode }) {
  return useNarrowScreen() === narrow ? children : null;
}

export function CourseSearchPage() {
  const { t } = useTranslation(['courses', 'common']);
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  // The address is the one source of truth: what the panel shows is what the list applies, on first load, after
  // Back and after a reload alike.
  const search = searchFromUrl(searchParams, toIsoDay(new Date()));
  const { location, department } = search;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const dialogTitleId = useId();

  const params = toSearchParams(search);
  // The page is in the address too (Back from a course on page 2 comes back to page 2); a new search, a new order
  // or new filters start again on page 1, as their address names no page.
  const requestedPage = pageFromUrl(searchParams);
  const routerLocation = useLocation();
  const fromSearch = `${routerLocation.pathname}${routerLocation.search}`;
  const filterCount = activeFilterCount(search);
  // The server pages the answer: only the courses shown are sent.
  const query = useQuery(courseQueries.search(params, requestedPage, PAGE_SIZE));
  const found = query.data?.total ?? 0;
  const totalPages = pageCount(found, PAGE_SIZE);
  const page = Math.min(requestedPage, totalPages);
  const visible = useMemo(() => {
    const now = new Date();
    return (query.data?.items ?? []).filter((course) => isUpcoming(course, now));
  }, [query.data]);

  const title = location ? t('list.titleWithLocation', { location }) : t('list.title');
  // The error names itself in its alert: an empty heading would only be noise to a screen reader.
  const resultsHeading = query.isSuccess ? t('list.found', { count: found }) : query.isPending ? t('list.loading') : null;

  const changePage = (next: number) => {
    setSearchParams((current) => withPage(current, next));
    resultsRef.current?.scrollIntoView({ behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'start' });
    resultsRef.current?.focus({ preventScroll: true });
  };

  const changeSort = (sort: CourseSort) => {
    setSearchParams(urlFromSearch({ ...search, sort }));
  };

  const searchLocation = (text: string) => {
    setSearchParams(urlFromSearch({ ...search, location: text }));
  };

  const applyFilters = (draft: FilterDraft) => {
    const { department: chosen, ...filters } = draft;
    setSearchParams(urlFromSearch({ ...search, department: chosen, filters }));
    setFiltersOpen(false);
  };

  const resetFilters = () => {
    setSearchParams(urlFromSearch({ ...search, department: undefined, filters: DEFAULT_FILTERS }));
    setFiltersOpen(false);
  };

  const resetSearch = () => {
    void navigate('/courses');
  };

  const filtersForm = (
    <Suspense fallback={<FiltersLoading />}>
      <CourseFiltersForm
        initial={{ ...search.filters, department }}
        hasLocation={Boolean(location)}
        onApply={applyFilters}
        onReset={resetFilters}
      />
    </Suspense>
  );

  return (
    <PageContainer title={title} description={location ? t('common:meta.coursesNear', { location }) : t('common:meta.courses')}>
      <Typography component="h1" variant="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mb: 4 }}>
        <LocationSearchForm initialValue={location} onSearch={searchLocation} allowEmpty />
      </Paper>

      <Grid container spacing={4}>
        <OnScreen narrow={false}>
          <Grid size={{ md: 4, lg: 3 }} sx={(theme) => ({ [theme.breakpoints.down('md')]: { display: 'none' } })}>
            <Paper variant="outlined" component="section" aria-labelledby={dialogTitleId} sx={{ p: 2.5, position: 'sticky', top: 88 }}>
              <Typography id={dialogTitleId} component="h2" variant="h4" sx={{ mb: 2 }}>
                {t('filters.title')}
                <FilterCount count={filterCount} />
              </Typography>
              {filtersForm}
            </Paper>
          </Grid>
        </OnScreen>

        <Grid size={{ xs: 12, md: 8, lg: 9 }}>
          <ResultsHeader
            status={
              <Box role="status" aria-live="polite">
                {resultsHeading ? (
                  <Typography ref={resultsRef} tabIndex={-1} component="h2" variant="h4" sx={{ outline: 'none' }}>
                    {resultsHeading}
                  </Typography>
                ) : null}
                {query.isSuccess && found > 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('list.page', { page, total: totalPages })}
                  </Typography>
                ) : null}
              </Box>
            }
            actions={
              <>
                {found > 1 || search.sort ? <SortSelect value={search.sort ?? defaultSort(location)} hasLocation={Boolean(location)} onChange={changeSort} /> : null}
                <Button variant="outlined" startIcon={<FilterListIcon aria-hidden="true" />} onClick={() => setFiltersOpen(true)} sx={{ flexShrink: 0, minHeight: 40, display: { md: 'none' } }}>
                  {t('filters.open')}
                  <FilterCount count={filterCount} />
                </Button>
              </>
            }
          />

          {query.isPending ? (
            <Grid container spacing={2.5}>
              <VisuallyHidden>{t('list.loading')}</VisuallyHidden>
              {Array.from({ length: 6 }, (_, index) => (
                <Grid key={index} size={{ xs: 12, sm: 6, lg: 4 }}>
                  <CourseCardSkeleton />
                </Grid>
              ))}
            </Grid>
          ) : query.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                  {t('common:actions.retry')}
                </Button>
              }
            >
              <AlertTitle>{t('list.errorTitle')}</AlertTitle>
              {t('list.errorBody')}
            </Alert>
          ) : found === 0 ? (
            <StatusPanel
              icon={<SearchOffIcon />}
              title={t('list.emptyTitle')}
              actions={
                <Button variant="contained" onClick={resetSearch}>
                  {t('list.reset')}
                </Button>
              }
            >
              <Typography>{t('list.emptyBody')}</Typography>
            </StatusPanel>
          ) : (
            <>
              <Grid container spacing={2.5}>
                {visible.map((course) => (
                  <Grid key={course.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                    <CourseCard course={course} headingLevel="h3" fromSearch={fromSearch} />
                  </Grid>
                ))}
              </Grid>
              <ResultsPagination page={page} total={totalPages} onChange={changePage} />
            </>
          )}
        </Grid>
      </Grid>

      <OnScreen narrow>
        <Dialog open={filtersOpen} onClose={() => setFiltersOpen(false)} fullScreen aria-labelledby={dialogTitleId}>
          <DialogTitle id={dialogTitleId} sx={{ pr: 6 }}>
            {t('filters.title')}
          </DialogTitle>
          <IconButton aria-label={t('filters.close')} onClick={() => setFiltersOpen(false)} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
          <DialogContent>{filtersForm}</DialogContent>
        </Dialog>
      </OnScreen>
    </PageContainer>
  );
}
