import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router';
import { json, problem, stubFetch, searchAnswer } from '../../../testing/fetch-stub';
import { renderRoutes } from '../../../testing/render';

function serve(register: () => Response) {
  return stubFetch(({ url, method }) => {
    if (url.pathname === '/api/auth/me') return problem(401, 'UNAUTHENTICATED', 'Non connecté');
    if (url.pathname === '/api/auth/register' && method === 'POST') return register();
    if (url.pathname === '/api/courses/search') return json(200, searchAnswer(url, []));
    return problem(404, 'NOT_FOUND', 'Introuvable');
  });
}

async function openSignUp(buttonName = 'Inscription') {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: buttonName }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fr');
});

describe('the sign-up form, before any call', () => {
  it('names every missing required field with our wording', async () => {
    const { requests } = serve(() => json(202, { message: 'ok' }));
    renderRoutes(routes, '/courses');
    const { user, dialog } = await openSignUp();
    await user.click(within(dialog).getByRole('button', { name: "S'inscrire" }));

    expect(await within(dialog).findByText('Le prénom est requis')).toBeInTheDocument();
    expect(within(dialog).getByText('Le nom est requis')).toBeInTheDocument();
    expect(within(dialog).getByText('Veuillez saisir une adresse e-mail valide')).toBeInTheDocument();
    expect(within(dialog).getByText('Le mot de passe doit contenir au moins 8 caractères')).toBeInTheDocument();
    expect(within(dialog).getByText('La confirmation du mot de passe est requise')).toBeInTheDocument();
    expect(within(dialog).getByText('Ce champ est obligatoire')).toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname === '/api/auth/register')).toBe(false);
  });

  it('shows a password mismatch on the confirmation, in English too', async () => {
    serve(() => json(202, { message: 'ok' }));
    await i18next.changeLanguage('en');
    renderRoutes(routes, '/courses');
    const { user, dialog } = await openSignUp('Sign up');
    await user.type(within(dialog).getByLabelText(/^First name/), 'M');
    await user.type(within(dialog).getByLabelText(/^Password/), 'short');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'different1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));

    expect(await within(dialog).findByText("Passwords don't match")).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name is required')).toBeInTheDocument();
  });

  it('says a name holds letters, spaces, apostrophes and hyphens only, and sends nothing', async () => {
    const { requests } = serve(() => json(202, { message: 'ok' }));
    renderRoutes(routes, '/courses');
    const { user, dialog } = await openSignUp();
    await user.click(within(dialog).getByLabelText(/^Prénom/));
    await user.paste('client, urgent: pay at https://evil.test/pay');
    await user.click(within(dialog).getByLabelText(/^Nom/));
    await user.paste('Durand2');
    await user.click(within(dialog).getByRole('button', { name: "S'inscrire" }));

    expect(await within(dialog).findByText('Le prénom ne peut contenir que des lettres, des espaces, des apostrophes et des traits d’union.')).toBeInTheDocument();
    expect(within(dialog).getByText('Le nom ne peut contenir que des lettres, des espaces, des apostrophes et des traits d’union.')).toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname === '/api/auth/register')).toBe(false);
  });

  it('offers the titles Mr/Mrs in English and M./Mme in French, and the UI language by default', async () => {
    serve(() => json(202, { message: 'ok' }));
    renderRoutes(routes, '/courses');
    const { dialog } = await openSignUp();
    expect(within(dialog).getByRole('radio', { name: 'M.' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Mme' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Langue/)).toHaveValue('FR');
    const country = within(dialog).getByLabelText('Pays');
    expect(country).toHaveValue('FR');
    expect(within(country).getByRole('option', { name: 'Allemagne' })).toBeInTheDocument();
  });
});

type User = ReturnType<typeof userEvent.setup>;

/** Pasting is one change where typing is one per letter: the long form stays quick to fill in jsdom. */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillRequired(user: User, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('radio', { name: 'Mme' }));
  await fill(user, within(dialog).getByLabelText(/^Prénom/), 'Camille');
  await fill(user, within(dialog).getByLabelText(/^Nom/), 'Durand');
  await fill(user, within(dialog).getByLabelText(/^Email/), 'camille@example.fr');
  await fill(user, within(dialog).getByLabelText(/^Mot de passe/), 'secret-123');
  await fill(user, within(dialog).getByLabelText(/^Confirmer le mot de passe/), 'secret-123');
}

describe('a valid sign-up', () => {
  it('sends the payload without the confirmation, then says an e-mail must be verified', async () => {
    const { requests } = serve(() => json(202, { message: 'Vérifiez votre boîte de réception' }));
    renderRoutes(routes, '/courses');
    const { user, dialog } = await openSignUp();
    await fillRequired(user, dialog);
    const birth = within(dialog).getByLabelText('Date de naissance');
    expect(birth).toHaveAttribute('placeholder', 'JJ/MM/AAAA');
    await user.type(birth, '05031990');
    await user.tab();
    expect(birth).toHaveValue('05/03/1990');
    await user.selectOptions(within(dialog).getByLabelText('Pays de naissance'), 'BE');
    await fill(user, within(dialog).getByLabelText('Ville'), 'Toulon');
    await user.click(within(dialog).getByRole('button', { name: "S'inscrire" }));

    expect(await screen.findByText('Inscription réussie')).toBeInTheDocument();
    expect(screen.getByText('Veuillez vérifier votre email pour activer votre compte avant de vous connecter')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Vérification de votre e-mail requise' })).toBeInTheDocument();

    const body = requests.find((request) => request.url.pathname === '/api/auth/register')?.body;
    expect(body).toMatchObject({
      title: 'MRS',
      firstName: 'Camille',
      lastName: 'Durand',
      email: 'camille@example.fr',
      password: 'secret-123',
      dateOfBirth: '1990-03-05T00:00:00.000Z',
      countryOfBirth: 'BE',
      city: 'Toulon',
      country: 'FR',
      language: 'FR',
      placeOfBirth: null,
      phoneNumber: null,
    });
    expect(body).not.toHaveProperty('confirmPassword');

    await user.click(within(dialog).getByRole('button', { name: 'Se connecter' }));
    expect(await within(dialog).findByRole('tab', { name: 'Connexion', selected: true })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Mot de passe/)).toHaveValue('');
  });

  it('names the page it was opened on as where the verification link brings the learner back', async () => {
    const { requests } = serve(() => json(202, { message: 'ok' }));
    renderRoutes(routes, '/courses?location=Toulon&page=2');
    const { user, dialog } = await openSignUp();
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: "S'inscrire" }));
    await waitFor(() => expect(requests.find((request) => request.url.pathname === '/api/auth/register')?.body).toMatchObject({ returnTo: '/courses?location=Toulon&page=2' }));
  });

  it('closes the modal by itself two seconds later', async () => {
    serve(() => json(202, { message: 'ok' }));
    renderRoutes(routes, '/courses');
    const { user, dialog } = await openSignUp();
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: "S'inscrire" }));
    expect(await within(dialog).findByRole('heading', { name: 'Vérification de votre e-mail requise' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 6000 });
  });
});

describe('a sign-up the server refuses', () => {
  it('puts the message of a 400 on the field it names and takes the learner there, with no toast over the form', async () => {
    serve(() => problem(400, 'VALIDATION_FAILED', 'Cette adresse e-mail est invalide', { field: 'email' }));
    renderRoutes(routes, '/courses');
    const { user, dialog } = await openSignUp();
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: "S'inscrire" }));

    await waitFor(() => expect(within(dialog).getByLabelText(/^Email/)).toHaveAccessibleDescription('Cette adresse e-mail est invalide'));
    expect(within(dialog).getByLabelText(/^Email/)).toHaveFocus();
    expect(screen.queryByText("Échec d'inscription")).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: "S'inscrire" })).toBeEnabled();
  });

  it("falls back on 'Veuillez vérifier vos informations' when the server gave no message", async () => {
    serve(() => new Response('', { status: 500, statusText: 'Internal Server Error' }));
    renderRoutes(routes, '/courses');
    const { user, dialog } = await openSignUp();
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Veuillez vérifier vos informations')).toBeInTheDocument();
  });
});
