import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../lib/lazy-component';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { DEPARTMENT_NAMES, DEPARTMENTS, toDepartment, type Department } from '../utils/departments';
import { DEFAULT_FILTERS, DISTANCE_RANGE, PRICE_RANGE, type CourseFilters } from '../utils/search-params';

const DateRangeFields = lazyComponent(() => import('./date-range-fields').then((module) => module.default));

/**
 * The date pickers' code, fetched ahead when the filters show with the list's first paint (a wide screen): a page
 * written on the server is then taken over whole at once, its date fields included.
 */
export function preloadDateFields(): Promise<void> {
  return DateRangeFields.preload();
}

export type FilterDraft = CourseFilters & { department: Department | undefined };

type Props = {
  initial: FilterDraft;
  hasLocation: boolean;
  onApply: (draft: FilterDraft) => void;
  onReset: () => void;
};

/** The filters are a draft until applied: nothing reaches the API before "Apply". */
export function CourseFiltersForm({ initial, hasLocation, onApply, onReset }: Props) {
  const { t } = useTranslation('courses');
  const language = useLanguage();
  const [draft, setDraft] = useState<FilterDraft>(initial);
  // The date fields keep what is being typed: they start afresh (a new generation) whenever the draft is replaced.
  const [generation, setGeneration] = useState(0);
  const [invalidDates, setInvalidDates] = useState<ReadonlySet<string>>(new Set());
  const initialKey = draftKey(initial);
  const [lastInitialKey, setLastInitialKey] = useState(initialKey);
  // What this form applied and the page does not show yet, oldest first: the router renders a navigation as a
  // transition, which a slow device may commit after the user has already changed the filters again (a day picked
  // or typed just after "Apply"), or after a second "Apply".
  const [pending, setPending] = useState<readonly string[]>([]);
  const replaceDraft = (next: FilterDraft) => {
    setDraft(next);
    setGeneration((current) => current + 1);
    setInvalidDates(new Set());
  };
  if (initialKey !== lastInitialKey) {
    setLastInitialKey(initialKey);
    const own = pending.indexOf(initialKey);
    if (own >= 0) {
      // This form's own "Apply" reaching the page: the form already shows it, or what was changed since. Touching
      // it would wipe that change, or close a calendar open under the user's finger.
      setPending(pending.slice(own + 1));
    } else {
      // Reached another way (the back button, the address, a reset): show what is searched now.
      setPending([]);
      replaceDraft(initial);
    }
  }
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const priceLabelId = `${id}-price`;
  const distanceLabelId = `${id}-distance`;
  const distanceHintId = `${id}-distance-hint`;
  const weekendHintId = `${id}-weekend-hint`;

  const update = (patch: Partial<FilterDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const markDate = (field: string, valid: boolean) =>
    setInvalidDates((current) => {
      if (valid !== current.has(field)) return current;
      const next = new Set(current);
      if (valid) next.delete(field);
      else next.add(field);
      return next;
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invalidDates.size > 0) {
      // The field says why next to it; take the keyboard and the screen reader there.
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const key = draftKey(draft);
    // Applying what the page already shows changes no address: nothing will arrive to wait for.
    if (key !== initialKey) setPending((current) => [...current, key]);
    onApply(draft);
  };

  return (
    <Box component="form" ref={formRef} onSubmit={submit} aria-label={t('filters.title')} noValidate>
      <Stack spacing={3}>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
            {t('filters.dates')}
          </Typography>
          <Suspense
            fallback={
              <Stack spacing={2} role="status" aria-label={t('filters.loadingDates')}>
                <Skeleton variant="rounded" height={40} />
                <Skeleton variant="rounded" height={40} />
              </Stack>
            }
          >
            <DateRangeFields
              key={generation}
              startDate={draft.startDate}
              endDate={draft.endDate}
              onChange={(range) => update(range)}
              onValidityChange={markDate}
            />
          </Suspense>
        </Box>

        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={draft.weekend}
                onChange={(event) => update({ weekend: event.target.checked })}
                slotProps={{ input: { 'aria-describedby': weekendHintId } }}
              />
            }
            label={t('filters.weekend')}
          />
          <Typography id={weekendHintId} variant="caption" component="p" color="text.secondary">
            {t('filters.weekendHint')}
          </Typography>
        </Box>

        <Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography id={priceLabelId} variant="subtitle2">
              {t('filters.maxPrice')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatMoney(draft.maxPrice * 100, language)}
            </Typography>
          </Stack>
          <Slider
            value={draft.maxPrice}
            min={PRICE_RANGE.min}
            max={PRICE_RANGE.max}
            step={PRICE_RANGE.step}
            onChange={(_, value) => update({ maxPrice: value })}
            getAriaValueText={(value) => formatMoney(value * 100, language)}
            aria-labelledby={priceLabelId}
            sx={{ mx: 1, width: 'calc(100% - 16px)' }}
          />
        </Box>

        <Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography id={distanceLabelId} variant="subtitle2">
              {t('filters.maxDistance')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('filters.distanceValue', { value: draft.maxDistance })}
            </Typography>
          </Stack>
          <Slider
            value={draft.maxDistance}
            min={DISTANCE_RANGE.min}
            max={DISTANCE_RANGE.max}
            step={DISTANCE_RANGE.step}
            onChange={(_, value) => update({ maxDistance: value })}
            getAriaValueText={(value) => t('filters.distanceValue', { value })}
            aria-labelledby={distanceLabelId}
            slotProps={{ input: { 'aria-describedby': hasLocation ? undefined : distanceHintId } }}
            disabled={!hasLocation}
            sx={{ mx: 1, width: 'calc(100% - 16px)' }}
          />
          {hasLocation ? null : (
            <Typography id={distanceHintId} variant="caption" color="text.secondary">
              {t('filters.distanceHint')}
            </Typography>
          )}
        </Box>

        <TextField
          select
          size="small"
          label={t('filters.department')}
          value={draft.department ?? ''}
          onChange={(event) => update({ department: toDepartment(event.target.value) })}
          // "All departments" is a choice of its own, shown as such rather than as an empty field.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('filters.allDepartments')}</MenuItem>
          {DEPARTMENTS.map((code) => (
            <MenuItem key={code} value={code}>
              {`${code} – ${DEPARTMENT_NAMES[code]}`}
            </MenuItem>
          ))}
        </TextField>

        <Stack direction="row" spacing={1.5}>
          <Button type="submit" variant="contained" sx={{ flex: 1 }}>
            {t('filters.apply')}
          </Button>
          <Button
            type="button"
            variant="outlined"
            sx={{ flex: 1 }}
            onClick={() => {
              replaceDraft({ ...DEFAULT_FILTERS, department: undefined });
              onReset();
            }}
          >
            {t('filters.reset')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** The same filters give the same key, whatever the order of their fields and whether an empty one is there. */
function draftKey(draft: FilterDraft): string {
  return JSON.stringify(Object.entries(draft).filter(([, value]) => value !== undefined && value !== null).sort(([a], [b]) => a.localeCompare(b)));
}
