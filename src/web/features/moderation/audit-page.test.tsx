// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AuditEntry, auditActionLabels } from '#domain/moderation/audit.ts';
import { moderationMessages, moderationTexts as t } from '#domain/moderation/moderation.messages.ts';
import { answer, fakeApi } from '#web/testing/fake-api.ts';
import { admin, renderWithApp } from '#web/testing/render.tsx';
import { AuditPage } from './audit-page.tsx';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  _id: 'a1',
  actorId: 'u-admin',
  actorEmail: 'dean@campus.edu',
  action: 'moderation.suspend',
  targetType: 'user',
  targetId: 'u-ravi',
  subjectUserId: 'u-ravi',
  details: { reason: 'Spam' },
  createdAt: '2026-03-02T06:00:00.000Z',
  ...overrides,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the audit page', () => {
  it("shows a suspension's end at its time as done by 'System', beside the admin's own actions", async () => {
    fakeApi({
      'GET /api/v1/admin/audit': () =>
        answer(200, {
          success: true,
          page: 1,
          hasMore: false,
          admins: [{ _id: 'u-admin', userName: 'dean', email: 'dean@campus.edu' }],
          entries: [
            entry({
              _id: 'a2',
              actorId: null,
              actorEmail: null,
              action: 'moderation.expire',
              details: { reason: moderationMessages.suspensionExpired },
              createdAt: '2026-03-03T06:00:00.000Z',
            }),
            entry({}),
          ],
        }),
    });
    renderWithApp(<AuditPage />, { user: admin });

    const table = await screen.findByRole('table');
    const [, expired, suspended] = within(table).getAllByRole('row');
    expect(within(expired!).getAllByRole('cell')[1]!.textContent).toBe(t.systemActor);
    expect(within(expired!).getAllByRole('cell')[2]!.textContent).toBe(auditActionLabels['moderation.expire']);
    expect(within(expired!).getAllByRole('cell')[4]!.textContent).toBe(moderationMessages.suspensionExpired);
    expect(within(suspended!).getAllByRole('cell')[1]!.textContent).toBe('dean@campus.edu');
  });
});
