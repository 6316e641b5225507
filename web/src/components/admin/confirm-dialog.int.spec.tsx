import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { ConfirmDialog } from './confirm-dialog';

/** A change that the server refuses: the dialog waits, then stays open with the refusal. */
function Refused() {
  const [pending, setPending] = useState(false);
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      title="Supprimer cet utilisateur ?"
      confirmLabel="Supprimer"
      destructive
      pending={pending}
      onConfirm={() => {
        setPending(true);
        setTimeout(() => setPending(false), 300);
      }}
      onClose={() => setOpen(false)}
    >
      Cette action est irréversible.
    </ConfirmDialog>
  );
}

describe('a confirmation dialog', () => {
  it('takes the keyboard back once a refused change is answered: the focus returns to it and Escape closes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Refused />);
    const confirm = screen.getByRole('button', { name: 'Supprimer' });
    await user.click(confirm);
    // What a browser does to a focused button that becomes disabled (jsdom does not): the focus falls to the page.
    confirm.blur();
    expect(document.body).toHaveFocus();
    await waitFor(() => expect(confirm).toBeEnabled());
    await waitFor(() => expect(confirm).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
