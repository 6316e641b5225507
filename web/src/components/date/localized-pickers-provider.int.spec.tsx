import { render, screen, within } from '@testing-library/react';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { DateField } from '@mui/x-date-pickers/DateField';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalizedPickersProvider } from './localized-pickers-provider';

afterEach(async () => {
  await i18next.changeLanguage('fr');
});

function renderPickers() {
  render(
    <LocalizedPickersProvider>
      <DateCalendar referenceDate={new Date(2025, 0, 15)} />
      <DateField label="Vide" />
      <DateField label="Rempli" defaultValue={new Date(2025, 0, 5)} />
    </LocalizedPickersProvider>,
  );
}

const firstWeekday = () => screen.getAllByRole('columnheader')[0]?.getAttribute('aria-label');
const emptyField = () => screen.getByRole('group', { name: 'Vide' });
// The field wraps its text in bidirectional isolates.
const visibleText = (element: HTMLElement) => element.textContent?.replace(/[\u2066-\u2069\u200e\u200f]/g, '');

describe('date pickers', () => {
  it('start the week on Monday and read DD/MM/YYYY (JJ/MM/AAAA) in French', () => {
    renderPickers();
    expect(firstWeekday()).toMatch(/^lundi$/i);
    expect(screen.getByText(/janvier 2025/i)).toBeInTheDocument();
    expect(within(emptyField()).getAllByRole('spinbutton').map((section) => section.getAttribute('aria-label'))).toEqual(['Jour', 'Mois', 'Année']);
    expect(visibleText(emptyField())).toMatch(/^JJ\/MM\/AAAA/);
    expect(screen.getByDisplayValue('05/01/2025')).toBeInTheDocument();
  });

  it('start the week on Sunday and read MM/DD/YYYY in English', async () => {
    await i18next.changeLanguage('en');
    renderPickers();
    expect(firstWeekday()).toMatch(/^sunday$/i);
    expect(screen.getByText(/January 2025/)).toBeInTheDocument();
    expect(within(emptyField()).getAllByRole('spinbutton').map((section) => section.getAttribute('aria-label'))).toEqual(['Month', 'Day', 'Year']);
    expect(visibleText(emptyField())).toMatch(/^MM\/DD\/YYYY/);
    expect(screen.getByDisplayValue('01/05/2025')).toBeInTheDocument();
  });
});
