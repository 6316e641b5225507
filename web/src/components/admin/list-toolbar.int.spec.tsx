import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { ListToolbar } from './list-toolbar';
import { useListState } from './use-list-state';

const FILTERS = ['status'] as const;

function List() {
  const list = useListState(FILTERS, 'payment');
  return (
    <>
      <ListToolbar
        searchLabel="Rechercher" searchPlaceholder="Nom" search={list.state.q} onSearch={list.setSearch} filters={[]}
        onReset={list.reset} onRefresh={() => {}} refreshing={false} onExport={() => {}} exporting={false}
      />
      <p>{`q=${list.state.q}`}</p>
    </>
  );
}

const addressQ = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search).get('q');

describe('a back-office search box', () => {
  it('filters as the user types, once typing pauses, without Enter', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<List />, { path: '/admin/payments' });
    const box = await screen.findByRole('textbox', { name: 'Rechercher' });
    await user.type(box, 'bonnet');
    expect(await screen.findByText('q=bonnet')).toBeInTheDocument();
    expect(addressQ(router)).toBe('bonnet');
    // The box kept the focus and what was typed.
    expect(box).toHaveFocus();
    expect(box).toHaveValue('bonnet');
  });

  it('never loses what is typed while the list catches up, and follows a reset', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<List />, { path: '/admin/payments', route: '/admin/payments?q=martin' });
    const box = await screen.findByRole('textbox', { name: 'Rechercher' });
    expect(box).toHaveValue('martin');
    await user.clear(box);
    await user.type(box, 'dur');
    await screen.findByText('q=dur');
    await user.type(box, 'and');
    expect(box).toHaveValue('durand');
    await waitFor(() => expect(addressQ(router)).toBe('durand'));
    await user.click(screen.getByRole('button', { name: /reset/ }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(addressQ(router)).toBeNull();
  });
});
