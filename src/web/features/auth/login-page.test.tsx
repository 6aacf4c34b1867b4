// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '#domain/users/auth.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { answer, fakeApi } from '#web/testing/fake-api.ts';
import { renderWithApp, student } from '#web/testing/render.tsx';
import { LoginPage } from './login-page.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function renderLogin() {
  const api = fakeApi({
    'POST /api/v1/auth/login': () => answer(200, { success: true, user: student, msg: authMessages.loginSuccess }),
  });
  renderWithApp(
    <Routes>
      <Route path="/auth/login" element={<LoginPage />} />
      <Route path="/shop" element={<p>Shop home</p>} />
    </Routes>,
    { user: null, path: '/auth/login' },
  );
  return api;
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password', { exact: true });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Login' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toast.success.mockReset();
});

describe('the login form', () => {
  it('asks for both fields once, marks them and puts the focus on the e-mail field', async () => {
    const api = renderLogin();
    submit();
    await screen.findByText(validationMessages.fillAllFields);
    expect(screen.getAllByText(validationMessages.fillAllFields)).toHaveLength(1);
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email());
    expect(api.calls.filter((call) => call.path === '/api/v1/auth/login')).toHaveLength(0);
  });

  it('puts the focus on the password when only it is missing', async () => {
    renderLogin();
    fireEvent.change(email(), { target: { value: 'meera@campus.edu' } });
    submit();
    await screen.findByText(validationMessages.fillAllFields);
    expect(email().getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(password());
  });

  it('checks again as the fields are typed in after a refused submit', async () => {
    renderLogin();
    submit();
    await screen.findByText(validationMessages.fillAllFields);
    fireEvent.change(email(), { target: { value: 'meera@campus.edu' } });
    fireEvent.change(password(), { target: { value: 'Secret#123' } });
    await waitFor(() => expect(screen.queryByText(validationMessages.fillAllFields)).toBeNull());
  });

  it('signs in with the e-mail trimmed and in lower case, then goes to the shop', async () => {
    const api = renderLogin();
    fireEvent.change(email(), { target: { value: '  Meera@Campus.EDU ' } });
    fireEvent.change(password(), { target: { value: 'Secret#123' } });
    submit();
    await screen.findByText('Shop home');
    expect(api.callsTo('POST /api/v1/auth/login').map((call) => call.body)).toEqual([
      { email: 'meera@campus.edu', password: 'Secret#123' },
    ]);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(authMessages.loginSuccess));
  });
});
