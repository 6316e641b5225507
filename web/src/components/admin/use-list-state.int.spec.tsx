import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { useListState } from './use-list-state';

const FILTERS = ['status'] as const;

function List() {
  const list = useListState(FILTERS, 'payment');
  return (
    <>
      <p>{`q=${list.state.q} status=${list.state.filters.status} page=${list.state.page}`}</p>
      {/* A search and a filter chosen before the page renders the first: a fast hand, or a slow device. */}
      <button type="button" onClick={() => { list.setSearch('bonnet'); list.setFilter('status', 'SUCCEEDED'); }}>both</button>
      <button type="button" onClick={() => list.setPage(2, 25)}>page 3</button>
    </>
  );
}

describe('a list kept in the address', () => {
  it('keeps a search when a filter follows it before the page renders', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<List />, { path: '/admin/payments' });
    await user.click(await screen.findByRole('button', { name: 'both' }));
    expect(await screen.findByText('q=bonnet status=SUCCEEDED page=0')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('bonnet');
  });

  it('builds on an address reached another way (Back, a link)', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<List />, { path: '/admin/payments', route: '/admin/payments?q=martin' });
    await user.click(await screen.findByRole('button', { name: 'page 3' }));
    expect(await screen.findByText('q=martin status= page=2')).toBeInTheDocument();
    await router.navigate('/admin/payments?status=FAILED');
    await user.click(await screen.findByRole('button', { name: 'page 3' }));
    expect(await screen.findByText('q= status=FAILED page=2')).toBeInTheDocument();
  });
});
