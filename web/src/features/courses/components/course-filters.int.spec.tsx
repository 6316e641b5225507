import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { DEFAULT_FILTERS } from '../utils/search-params';
import { CourseFiltersForm, type FilterDraft } from './course-filters';

const NONE: FilterDraft = { ...DEFAULT_FILTERS, department: undefined };

/**
 * The list page's part: what it applies reaches the form as `initial` when the page renders the new address,
 * which the router does in a transition that a slow device may commit late ("commit"); "back" is an address
 * reached another way.
 */
function Page() {
  const [initial, setInitial] = useState<FilterDraft>(NONE);
  const [applied, setApplied] = useState<FilterDraft | null>(null);
  return (
    <>
      <CourseFiltersForm initial={initial} hasLocation={false} onApply={setApplied} onReset={() => setInitial(NONE)} />
      <button type="button" onClick={() => applied && setInitial(applied)}>commit</button>
      <button type="button" onClick={() => setInitial({ ...NONE, maxPrice: 200 })}>back</button>
    </>
  );
}

describe('the course filters', () => {
  it('keep what was changed after "Apply" when the page shows the applied search late', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    const weekend = await screen.findByRole('switch', { name: 'Week-end uniquement' });
    await user.click(weekend);
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    // Changed again before the page shows what was applied.
    await user.click(weekend);
    expect(weekend).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'commit' }));
    expect(screen.getByRole('switch', { name: 'Week-end uniquement' })).not.toBeChecked();
  });

  it('show the applied search when nothing was changed since, and any search reached another way', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    await user.click(await screen.findByRole('switch', { name: 'Week-end uniquement' }));
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    await user.click(screen.getByRole('button', { name: 'commit' }));
    expect(screen.getByRole('switch', { name: 'Week-end uniquement' })).toBeChecked();
    // Back: a search this form did not apply replaces the draft.
    await user.click(screen.getByRole('button', { name: 'back' }));
    expect(screen.getByRole('switch', { name: 'Week-end uniquement' })).not.toBeChecked();
    expect(screen.getByText('200,00 €')).toBeInTheDocument();
  });
});
