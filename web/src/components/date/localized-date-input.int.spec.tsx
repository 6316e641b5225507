import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalizedDateInput } from './localized-date-input';

function Harness() {
  const [value, setValue] = useState('');
  return <LocalizedDateInput label="Date de naissance" name="dateOfBirth" value={value} onChange={setValue} />;
}

async function typeAndLeave(text: string) {
  render(<Harness />);
  const user = userEvent.setup();
  const input = screen.getByRole('textbox', { name: 'Date de naissance' });
  await user.type(input, text);
  await user.tab();
  return input;
}

afterEach(async () => {
  await i18next.changeLanguage('fr');
});

describe('a typed date', () => {
  it('is read day first in French, with a JJ/MM/AAAA hint, and becomes YYYY-MM-DD on leaving the field', async () => {
    const input = await typeAndLeave('5/1/2025');
    expect(input).toHaveAttribute('placeholder', 'JJ/MM/AAAA');
    expect(input).toHaveValue('2025-01-05');
  });

  it('is read month first in English', async () => {
    await i18next.changeLanguage('en');
    const input = await typeAndLeave('1/5/2025');
    expect(input).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    expect(input).toHaveValue('2025-01-05');
  });

  it('is emptied when it does not have three parts', async () => {
    expect(await typeAndLeave('05/2025')).toHaveValue('');
  });
});
