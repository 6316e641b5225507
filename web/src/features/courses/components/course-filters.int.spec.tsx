import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useImperativeHandle, useState, type Ref } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { DEFAULT_FILTERS } from '../utils/search-params';
import { CourseFiltersForm, type FilterDraft } from './course-filters';

const NONE: FilterDraft = { ...DEFAULT_FILTERS, department: undefined };

/**
 * The list page's part: what it applies reaches the form as `initial` when the page renders the new address,
 * which the router does in a transition that a slow device may commit late ("commit"); "back" is an address
 * reached another way.
 */
type Control = { commit: () => void };

function Page({ ref }: { ref?: Ref<Control> }) {
  const [initial, setInitial] = useState<FilterDraft>(NONE);
  // Every "Apply" not shown yet, oldest first: "commit" shows the latest, "commit oldest" the one before it.
  const [applied, setApplied] = useState<FilterDraft[]>([]);
  const commit = () => applied.length > 0 && setInitial(applied[applied.length - 1]!);
  // Also without a click, which would close an open calendar as a click away from it.
  useImperativeHandle(ref, () => ({ commit }));
  return (
    <>
      <CourseFiltersForm initial={initial} hasLocation={false} onApply={(draft) => setApplied((all) => [...all, draft])} onReset={() => setInitial(NONE)} />
      <button type="button" onClick={commit}>commit</button>
      <button type="button" onClick={() => applied.length > 0 && setInitial(applied[0]!)}>commit oldest</button>
      <button type="button" onClick={() => setInitial({ ...NONE, maxPrice: 200 })}>back</button>
    </>
  );
}

/** A desktop's pointer: the pickers open their calendar in a popup, and a day picked there closes it. */
function onDesktop() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('pointer: fine'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('the course filters', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

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

  it('leave a calendar opened after "Apply" open when the page shows the applied search, and keep the day picked in it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 4, 15, 10, 0));
    onDesktop();
    const user = userEvent.setup();
    const control = createRef<Control>();
    renderWithProviders(<Page ref={control} />);
    const [openStart] = await screen.findAllByRole('button', { name: /^Choisir la date/u }, { timeout: 10_000 });
    await user.click(openStart!);
    await user.click(within(await screen.findByRole('grid')).getByRole('gridcell', { name: '20' }));
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));

    // The calendar is opened again before the page shows the search applied.
    await user.click(screen.getAllByRole('button', { name: /^Choisir la date/u })[0]!);
    const calendar = await screen.findByRole('grid');
    act(() => control.current!.commit());
    expect(calendar).toBeInTheDocument();
    await user.click(within(calendar).getByRole('gridcell', { name: '28' }));
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
    expect(screen.getByDisplayValue('28/05/2030')).toBeInTheDocument();
  });

  it('keep a day half typed when the page shows the applied search', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 4, 15, 10, 0));
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    await user.click(await screen.findByRole('switch', { name: 'Week-end uniquement' }));
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    const [day] = await screen.findAllByRole('spinbutton', { name: 'Jour' }, { timeout: 10_000 });
    await user.click(day!);
    await user.keyboard('2406');
    await user.click(screen.getByRole('button', { name: 'commit' }));
    const [start] = screen.getAllByRole('group', { name: /Date de début/u });
    expect(within(start!).getByRole('spinbutton', { name: 'Jour' })).toHaveTextContent('24');
    expect(within(start!).getByRole('spinbutton', { name: 'Mois' })).toHaveTextContent('06');
  });

  it('keep the latest "Apply" when an earlier one reaches the page after it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    const weekend = await screen.findByRole('switch', { name: 'Week-end uniquement' });
    await user.click(weekend);
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    const price = screen.getByRole('slider', { name: /Prix/u });
    price.focus();
    await user.keyboard('{ArrowLeft}');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    await user.click(screen.getByRole('button', { name: 'commit oldest' }));
    expect(screen.getByRole('switch', { name: 'Week-end uniquement' })).toBeChecked();
    expect(screen.getByText('290,00 €')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'commit' }));
    expect(screen.getByText('290,00 €')).toBeInTheDocument();
  });
});
