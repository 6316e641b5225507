import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainTextField } from '../../../components/forms/plain-text-field';

/**
 * Hands the trimmed text to `onSearch`. `allowEmpty` decides whether a blank search means something
 * (the course list: every course) or nothing (the home hero).
 */
export function LocationSearchForm({
  initialValue = '',
  onSearch,
  allowEmpty = false,
  size = 'medium',
}: {
  initialValue?: string;
  onSearch: (location: string) => void;
  allowEmpty?: boolean;
  size?: 'medium' | 'large';
}) {
  const { t } = useTranslation('courses');
  const [value, setValue] = useState(initialValue);
  const [lastInitial, setLastInitial] = useState(initialValue);
  if (initialValue !== lastInitial) {
    // The URL changed under us (back button, a reset): show what is searched now.
    setLastInitial(initialValue);
    setValue(initialValue);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const location = value.trim();
    if (!location && !allowEmpty) return;
    onSearch(location);
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label={t('search.form')}
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column', sm: 'row' }, alignItems: { sm: 'flex-start' } }}
    >
      <PlainTextField
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        name="location"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="address-level2"
        maxLength={100}
        size={size === 'large' ? 'medium' : 'small'}
      />
      <Button
        type="submit"
        variant="contained"
        size={size === 'large' ? 'large' : 'medium'}
        startIcon={<SearchIcon aria-hidden="true" />}
        sx={{ flexShrink: 0, minHeight: size === 'large' ? 56 : 40 }}
      >
        {t('search.submit')}
      </Button>
    </Box>
  );
}
