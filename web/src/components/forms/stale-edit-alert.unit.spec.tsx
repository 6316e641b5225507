import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { StaleEditAlert, staleEditOf } from './stale-edit-alert';

afterEach(async () => {
  await i18next.changeLanguage('fr');
});

const refused = (members: Record<string, unknown>) =>
  new ApiError({ status: 412, code: 'STALE_EDIT', message: 'server words', fromServer: true, members: { code: 'STALE_EDIT', ...members } });

describe('a save refused because somebody changed the record meanwhile (412 STALE_EDIT)', () => {
  it('is recognised from the problem’s members, and nothing else is', () => {
    expect(staleEditOf(refused({ changedBy: 'person', changedByName: 'Camille Martin', changedAt: '2026-11-21T09:05:00.000Z' }))).toEqual({
      changedBy: 'person', changedByName: 'Camille Martin', changedAt: '2026-11-21T09:05:00.000Z',
    });
    // A person without a name, or an unknown editor, is said without a name.
    expect(staleEditOf(refused({ changedBy: 'person' }))?.changedBy).toBe('unknown');
    expect(staleEditOf(refused({ changedBy: 'someone-new', changedAt: 'not a date' }))).toEqual({ changedBy: 'unknown', changedByName: null, changedAt: null });
    expect(staleEditOf(new ApiError({ status: 409, code: 'STALE_EDIT', message: 'x' }))).toBeNull();
    expect(staleEditOf(new ApiError({ status: 412, code: 'OTHER', message: 'x' }))).toBeNull();
    expect(staleEditOf(new Error('boom'))).toBeNull();
  });

  it('says in French who changed it and when (Paris time), that nothing was saved, and offers to reload', async () => {
    const reload = vi.fn();
    render(<StaleEditAlert stale={staleEditOf(refused({ changedBy: 'person', changedByName: 'Camille Martin', changedAt: '2026-11-21T09:05:00.000Z' }))!} onReload={reload} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Modifié entre-temps');
    expect(alert).toHaveTextContent('Modifié entre-temps par Camille Martin, le 21 novembre à 10h05 : rechargez la page pour voir ses changements. Vos modifications n’ont pas été enregistrées.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Recharger la page' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('says it in English, for an administrator, for the user themselves in another window, and when the server could not tell', async () => {
    await i18next.changeLanguage('en');
    const at = '2026-07-03T16:30:00.000Z';
    const { rerender } = render(<StaleEditAlert stale={staleEditOf(refused({ changedBy: 'administrator', changedAt: at }))!} onReload={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Changed meanwhile by an administrator, on 3 July at 6:30 PM: reload the page to see their changes. Your changes were not saved.');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    rerender(<StaleEditAlert stale={staleEditOf(refused({ changedBy: 'you', changedAt: at }))!} onReload={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Changed meanwhile by you, in another window, on 3 July at 6:30 PM');
    rerender(<StaleEditAlert stale={staleEditOf(refused({ changedBy: 'unknown' }))!} onReload={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Changed meanwhile: reload the page to see the latest version. Your changes were not saved.');
  });
});
