// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '#domain/users/auth.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { type ApiHandler, answer, fakeApi, offline } from '#web/testing/fake-api.ts';
import { renderWithApp } from '#web/testing/render.tsx';
import { RegisterPage } from './register-page.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const EMAIL = 'kavya@campus.edu';
const codeSent: ApiHandler = () =>
  answer(200, { success: true, msg: authMessages.otpSent, alreadyVerified: false, userExists: false });

function renderRegister(routes: Record<string, ApiHandler>) {
  const api = fakeApi(routes);
  renderWithApp(<RegisterPage />, { user: null, path: '/auth/register' });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: EMAIL } });
  return api;
}

const verifyButton = () => screen.getByRole('button', { name: 'Verify' });
const emailStatus = () => document.getElementById('register-email-status')!;

async function sendCodeAndType(code: string) {
  fireEvent.click(verifyButton());
  const first = await screen.findByRole('textbox', { name: 'Digit 1 of 6' });
  fireEvent.change(first, { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Submit OTP' }));
}

beforeEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sending the code', () => {
  it("says 'OTP sent to your email.' by the e-mail field, and Verify keeps its label to send again", async () => {
    const api = renderRegister({ 'POST /api/v1/auth/send-code': codeSent });
    fireEvent.click(verifyButton());
    await waitFor(() => expect(emailStatus().textContent).toBe(authMessages.otpSent));
    expect(toast.success).toHaveBeenCalledWith(authMessages.otpSent);

    fireEvent.click(verifyButton());
    await waitFor(() => expect(api.callsTo('POST /api/v1/auth/send-code')).toHaveLength(2));
    expect(api.calls[1]!.body).toEqual({ email: EMAIL });
  });

  it("says 'Email already verified' and treats the address as verified", async () => {
    renderRegister({
      'POST /api/v1/auth/send-code': () =>
        answer(200, { success: true, msg: authMessages.alreadyVerified, alreadyVerified: true, userExists: false }),
    });
    fireEvent.click(verifyButton());
    await waitFor(() => expect(emailStatus().textContent).toBe(authMessages.alreadyVerified));
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Digit 1 of 6' })).toBeNull();
  });

  it("shows the network error's message when no answer comes (an auth call)", async () => {
    renderRegister({ 'POST /api/v1/auth/send-code': offline });
    fireEvent.click(verifyButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to fetch'));
    expect(emailStatus().textContent).toBe('');
  });

  it("falls back to 'Failed to send OTP. Try again.' for a refusal without msg", async () => {
    renderRegister({ 'POST /api/v1/auth/send-code': () => answer(502, {}) });
    fireEvent.click(verifyButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(authMessages.otpSendFailed));
  });
});

describe('checking the address before a code is asked for', () => {
  const typeEmail = (value: string) => fireEvent.change(screen.getByLabelText('Email'), { target: { value } });
  const pressRegister = () => fireEvent.click(screen.getByRole('button', { name: 'Register' }));
  const emailError = () => screen.getByLabelText('Email').getAttribute('aria-describedby') ?? '';
  const shown = (text: string) => screen.getByText(text);

  it("says 'Please enter a valid email address' on leaving a malformed address, whose Verify is disabled", () => {
    const api = renderRegister({});
    typeEmail('kavya@campus');
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(shown(validationMessages.emailInvalid)).toBeTruthy();
    expect(emailError()).toContain('error');
    expect(verifyButton().hasAttribute('disabled')).toBe(true);
    expect(api.calls).toHaveLength(0);
  });

  it('says nothing on leaving an empty or well-formed address', () => {
    renderRegister({});
    fireEvent.blur(screen.getByLabelText('Email'));
    typeEmail('');
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(screen.queryByText(validationMessages.emailInvalid)).toBeNull();
    expect(screen.queryByText(validationMessages.emailRequired)).toBeNull();
  });

  it("answers Register with 'Email is required' when no address was typed, and sends nothing", () => {
    const api = renderRegister({});
    typeEmail('');
    pressRegister();
    expect(shown(validationMessages.emailRequired)).toBeTruthy();
    expect(screen.queryByText(validationMessages.verifyEmailFirst)).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it("answers Register with 'Please enter a valid email address' for a malformed one", () => {
    renderRegister({});
    typeEmail('not-an-address');
    pressRegister();
    expect(shown(validationMessages.emailInvalid)).toBeTruthy();
  });

  it("answers Register with 'Please verify your email first.' for a good address not yet verified", () => {
    const api = renderRegister({});
    pressRegister();
    expect(shown(validationMessages.verifyEmailFirst)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});

describe('verifying the code', () => {
  const alert = () => screen.findByRole('alert');

  it("shows 'Invalid code.' by the boxes when the server refuses the code", async () => {
    renderRegister({
      'POST /api/v1/auth/send-code': codeSent,
      'POST /api/v1/auth/verify-code': () => answer(400, { success: false, msg: authMessages.invalidCode, code: 'VALIDATION' }),
    });
    await sendCodeAndType('123456');
    expect((await alert()).textContent).toBe(authMessages.invalidCode);
    expect(toast.error).toHaveBeenCalledWith(authMessages.invalidCode);
  });

  it("adds the server's msg when it says more, such as an expired code", async () => {
    renderRegister({
      'POST /api/v1/auth/send-code': codeSent,
      'POST /api/v1/auth/verify-code': () => answer(400, { success: false, msg: authMessages.codeExpired, code: 'VALIDATION' }),
    });
    await sendCodeAndType('123456');
    expect((await alert()).textContent).toBe(`${authMessages.invalidCode} ${authMessages.codeExpired}`);
  });

  it("shows 'Verification failed.' when the call gets no answer", async () => {
    renderRegister({ 'POST /api/v1/auth/send-code': codeSent, 'POST /api/v1/auth/verify-code': offline });
    await sendCodeAndType('123456');
    expect((await alert()).textContent).toBe(authMessages.verificationFailedAlert);
    expect(toast.error).toHaveBeenCalledWith('Failed to fetch');
  });

  it("toasts 'Verification failed' when an answer fails without msg", async () => {
    renderRegister({ 'POST /api/v1/auth/send-code': codeSent, 'POST /api/v1/auth/verify-code': () => answer(500, {}) });
    await sendCodeAndType('123456');
    expect((await alert()).textContent).toBe(authMessages.verificationFailedAlert);
    expect(toast.error).toHaveBeenCalledWith(authMessages.verificationFailed);
  });

  it('marks the address verified and hides the boxes on success', async () => {
    renderRegister({
      'POST /api/v1/auth/send-code': codeSent,
      'POST /api/v1/auth/verify-code': () => answer(200, { success: true, msg: authMessages.verified }),
    });
    await sendCodeAndType('123456');
    await screen.findByText('Verified');
    expect(screen.queryByRole('textbox', { name: 'Digit 1 of 6' })).toBeNull();
    expect(emailStatus().textContent).toBe('');
  });
});
