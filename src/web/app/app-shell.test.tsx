// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteMessages } from '#domain/site.messages.ts';
import { type ApiHandler, answer, fakeApi, offline } from '#web/testing/fake-api.ts';
import { renderWithApp } from '#web/testing/render.tsx';
import { AppShell } from './app-shell.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderShell(checkAuth: ApiHandler) {
  fakeApi({ 'GET /api/v1/auth/check-auth': checkAuth });
  renderWithApp(
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<p>Home</p>} />
      </Route>
    </Routes>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('when the session check fails', () => {
  it("shows the server's msg", async () => {
    renderShell(() => answer(503, { success: false, msg: siteMessages.databaseUnavailable, code: 'UNAVAILABLE' }));
    await screen.findByText(siteMessages.databaseUnavailable);
  });

  it("shows the network error's message when no answer came", async () => {
    renderShell(offline);
    await screen.findByText('Failed to fetch');
  });

  it('shows a plain sentence, not the status text, for an answer without msg', async () => {
    renderShell(() => new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await screen.findByText(siteMessages.internalError);
    expect(screen.queryByText(/Bad Gateway/)).toBeNull();
  });
});
