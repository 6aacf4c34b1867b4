import { describe, expect, it } from 'vitest';
import type { Notification } from '#domain/notifications/notification.wire.ts';
import { paths } from '#web/config/paths.ts';
import { notificationHref } from './notification-links.ts';

const base = { _id: 'n1', read: false, createdAt: '2026-11-26T00:00:00.000Z' };
const listing = { productId: 'p1', productTitle: 'Lamp' };

describe('where a notification leads', () => {
  it('opens the routes of the app for every kind', () => {
    const cases: [Notification, string][] = [
      [{ ...base, kind: 'buy-request.received', payload: { ...listing, buyerName: 'a', message: 'm' } }, paths.shop.listings],
      [{ ...base, kind: 'buy-request.accepted', payload: { ...listing, sellerName: 's' } }, paths.shop.product('p1')],
      [{ ...base, kind: 'buy-request.rejected', payload: listing }, paths.shop.product('p1')],
      [{ ...base, kind: 'listing.under-review', payload: listing }, paths.shop.listings],
      [
        { ...base, kind: 'report.outcome', payload: { targetType: 'user', targetLabel: 'x', outcome: 'no-action' } },
        paths.user.notifications,
      ],
      [
        { ...base, kind: 'moderation.notice', payload: { action: 'warn', reason: 'r', contactEmail: 'a@b.c' } },
        paths.user.notifications,
      ],
      [
        {
          ...base,
          kind: 'message.received',
          payload: { productId: null, productTitle: 'Lamp', conversationId: 'c1', senderName: 's', message: 'hi' },
        },
        paths.user.conversation('c1'),
      ],
    ];
    const meetup = { productTitle: 'Lamp', conversationId: 'c2', spotName: 'Library', meetAt: 'x', when: 'y' };
    cases.push(
      [{ ...base, kind: 'review.reminder', payload: { ...listing, otherName: 'o', role: 'buyer' } }, paths.shop.product('p1')],
      [
        { ...base, kind: 'review.received', payload: { ...listing, authorName: 'a', rating: 5, reviewedId: 'u1' } },
        paths.user.profile('u1'),
      ],
      [{ ...base, kind: 'meetup.proposed', payload: { ...meetup, proposerName: 'p' } }, paths.user.conversation('c2')],
      [{ ...base, kind: 'meetup.accepted', payload: { ...meetup, accepterName: 'p' } }, paths.user.conversation('c2')],
      [{ ...base, kind: 'meetup.reminder', payload: { ...meetup, otherName: 'p' } }, paths.user.conversation('c2')],
    );
    for (const [notification, href] of cases) expect(notificationHref(notification)).toBe(href);
  });
});
