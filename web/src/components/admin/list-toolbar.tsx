import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchAsYouType } from '../forms/use-search-as-you-type';

interface ToolbarFilter {
  key: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}

function SearchForm({ label, placeholder, search, onSearch }: { label: string; placeholder: string; search: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation('admin');
  const { text, setText, flush } = useSearchAsYouType(search, onSearch);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    flush();
  };
  return (
    <Stack component="form" role="search" aria-label={label} onSubmit={submit} direction="row" spacing={1} sx={{ flex: '1 1 320px', minWidth: 0 }}>
      <TextField
        label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        size="small"
        fullWidth
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon aria-hidden="true" /></InputAdornment> }, htmlInput: { maxLength: 100 } }}
      />
      <Button type="submit" variant="contained">
        {t('common.search')}
      </Button>
    </Stack>
  );
}

/**
 * Above a list: its search (followed as the user types, once typing pauses; Enter or the search button sends it
 * at once), its filters, a reset, a refresh and the CSV export of every row matching them.
 */
export function ListToolbar({
  searchLabel,
  searchPlaceholder,
  search,
  onSearch,
  filters,
  onReset,
  onRefresh,
  refreshing,
  onExport,
  exporting,
  extra,
}: {
  searchLabel: string;
  searchPlaceholder: string;
  search: string;
  onSearch: (text: string) => void;
  filters: ReadonlyArray<ToolbarFilter>;
  onReset: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  onExport: () => void;
  exporting: boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <SearchForm label={searchLabel} placeholder={searchPlaceholder} search={search} onSearch={onSearch} />
        {filters.map((filter) => (
          <TextField
            key={filter.key}
            select
            size="small"
            label={filter.label}
            value={filter.value}
            onChange={(event) => filter.onChange(event.target.value)}
            sx={{ flex: { xs: '1 1 100%', sm: '0 1 220px' }, minWidth: 180 }}
          >
            <MenuItem value="">{t('common.all')}</MenuItem>
            {filter.options.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        ))}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flex: '0 1 auto', minWidth: 0 }}>
          <Button onClick={onReset} variant="text">
            {t('common.reset')}
          </Button>
          <Button onClick={onRefresh} variant="outlined" startIcon={<RefreshIcon aria-hidden="true" />} loading={refreshing} loadingPosition="start">
            {t('common.refresh')}
          </Button>
          <Button onClick={onExport} variant="outlined" startIcon={<FileDownloadOutlinedIcon aria-hidden="true" />} loading={exporting} loadingPosition="start">
            {exporting ? t('common.exporting') : t('common.export')}
          </Button>
          {extra}
        </Stack>
      </Stack>
    </Paper>
  );
}
