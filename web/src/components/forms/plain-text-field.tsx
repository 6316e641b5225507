import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEvent } from 'react';

/**
 * An outlined text field that looks and behaves as MUI's TextField, built from the same parts, without the
 * select mode TextField always carries (Select, Menu, Popover, Modal: about 12 KiB gzipped): for fields of the
 * first paint, such as the search of the home page.
 */
export function PlainTextField({
  label,
  name,
  value,
  onChange,
  placeholder,
  autoComplete,
  maxLength,
  size = 'medium',
}: {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  size?: 'small' | 'medium';
}) {
  const id = useId();
  return (
    <FormControl fullWidth size={size} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        name={name}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputProps={{ maxLength }}
      />
    </FormControl>
  );
}
