import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalizedDateInput } from './localized-date-input';

let sent = '';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  const change = (next: string) => {
    sent = next;
    setValue(next);
  };
  return <LocalizedDateInput label="Date de naissance" name="dateOfBirth" value={value} onChange={change} />;
}

async function typeAndLeave(text: string, initial?: string) {
  render(<Harness initial={initial} />);
  const user = userEvent.setup();
  const input = screen.getByRole('textbox', { name: 'Date de naissance' });
  await user.clear(input);
  await user.type(input, text);
  await user.tab();
  return input;
}

afterEach(async () => {
  sent = '';
  await i18next.changeLanguage('fr');
});

describe('a typed date of birth', () => {
  it('is read day first in French, with or without separators, and shown DD/MM/YYYY once left', async () => {
    const input = await typeAndLeave('14031988');
    expect(input).toHaveAttribute('placeholder', 'JJ/MM/AAAA');
    expect(input).toHaveValue('14/03/1988');
    expect(sent).toBe('1988-03-14');
    expect(input).toHaveAccessibleDescription('Format : JJ/MM/AAAA');
  });

  it('keeps a date typed with separators, zero-padded', async () => {
    const input = await typeAndLeave('5/3/1990');
    expect(input).toHaveValue('05/03/1990');
    expect(sent).toBe('1990-03-05');
  });

  it('is read month first in English, and shown MM/DD/YYYY', async () => {
    await i18next.changeLanguage('en');
    const input = await typeAndLeave('03141988');
    expect(input).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    expect(input).toHaveValue('03/14/1988');
    expect(sent).toBe('1988-03-14');
  });

  it('shows a saved day in the language of the page', async () => {
    render(<Harness initial="1988-03-14" />);
    expect(screen.getByRole('textbox', { name: 'Date de naissance' })).toHaveValue('14/03/1988');
  });

  it('keeps what was typed and says why when it names no day', async () => {
    const incomplete = await typeAndLeave('14/03');
    expect(incomplete).toHaveValue('14/03');
    expect(incomplete).toHaveAttribute('aria-invalid', 'true');
    expect(incomplete).toHaveAccessibleDescription('Date incomplète : saisissez le jour, le mois et l’année (JJ/MM/AAAA).');
  });

  it('says when the date cannot exist, in English too', async () => {
    await i18next.changeLanguage('en');
    const input = await typeAndLeave('02/30/1990');
    expect(input).toHaveValue('02/30/1990');
    expect(input).toHaveAccessibleDescription('This date does not exist: check the month and day (MM/DD/YYYY).');
  });
});
