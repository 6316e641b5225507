import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link } from 'react-router-dom';
import { RootLayout } from '../../../app/layout/root-layout';
import { json, problem, searchAnswer, stubFetch } from '../../../testing/fetch-stub';
import { renderRoutes } from '../../../testing/render';
import { useToast } from './use-toast';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast({ variant: 'destructive', title: 'Échec de connexion', group: 'login' })}>fail</button>
      <button type="button" onClick={() => toast({ variant: 'success', title: 'Connexion réussie', group: 'login' })}>succeed</button>
      <button type="button" onClick={() => toast({ variant: 'destructive', title: 'Erreur gardée', keepOnNavigation: true })}>explained</button>
      <button type="button" onClick={() => toast({ variant: 'success', title: 'Enregistré' })}>saved</button>
      <Link to="/elsewhere">leave</Link>
    </>
  );
}

function renderInLayout() {
  stubFetch(({ url }) => {
    if (url.pathname === '/api/auth/me') return problem(401, 'UNAUTHENTICATED', 'Non connecté');
    if (url.pathname === '/api/courses/search') return json(200, searchAnswer(url, []));
    return problem(404, 'NOT_FOUND', 'Introuvable');
  });
  return renderRoutes([{ element: <RootLayout />, children: [{ path: '/', element: <Buttons /> }, { path: '/elsewhere', element: <p>ailleurs</p> }] }], '/');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toasts', () => {
  it('replace the failure of an action by its success: never both', async () => {
    renderInLayout();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'fail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Échec de connexion');
    await user.click(screen.getByRole('button', { name: 'succeed' }));
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('Connexion réussie');
    await waitFor(() => expect(screen.queryByText('Échec de connexion')).not.toBeInTheDocument());
  });

  it('take an error away when the page changes, but keep news and an error that explains the change', async () => {
    renderInLayout();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'fail' }));
    await user.click(screen.getByRole('button', { name: 'explained' }));
    await user.click(screen.getByRole('button', { name: 'saved' }));
    expect(await screen.findByText('Échec de connexion')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'leave' }));
    expect(await screen.findByText('ailleurs')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Échec de connexion')).not.toBeInTheDocument());
    expect(screen.getByText('Erreur gardée')).toBeInTheDocument();
    expect(screen.getByText('Enregistré')).toBeInTheDocument();
  });

  it('can be closed, and say errors as alerts and news as statuses', async () => {
    renderInLayout();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'saved' }));
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('Enregistré');
    await user.click(screen.getByRole('button', { name: 'Fermer la notification' }));
    await waitFor(() => expect(screen.queryByText('Enregistré')).not.toBeInTheDocument());
  });
});
