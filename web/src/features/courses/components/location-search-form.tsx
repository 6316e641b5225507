import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useRef, useState, type FormEvent } from 'react';
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

  // Text typed before React took over a page written on the server (its script is added once the page has been read)
  // is the person's: it is taken up once, as React takes the form over.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const field = formRef.current?.elements.namedItem('location');
    if (field instanceof HTMLInputElement && field.value !== '' && field.value !== value) setValue(field.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form is taken over
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const location = value.trim();
    if (!location && !allowEmpty) return;
    onSearch(location);
  };

  return (
    <Box
      ref={formRef}
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
