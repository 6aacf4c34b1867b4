// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp, student } from '#web/testing/render.tsx';
import { AvatarLink } from './avatar-link.tsx';

afterEach(cleanup);

describe("the header's picture", () => {
  it("links to the account and shows the default picture, asked for after the page's own photo", async () => {
    renderWithApp(<AvatarLink />, { user: { ...student, profilePicture: { url: '' } } });
    const link = await screen.findByRole('link', { name: 'My account' });
    expect(link.getAttribute('href')).toBe('/user/userAccount');
    const picture = link.querySelector('img');
    expect(picture?.getAttribute('src')).toBe('/images/user-avatar.png');
    // On a slow phone a high-priority picture shares the connection with the photo and the code.
    expect(picture?.getAttribute('fetchpriority')).toBe('low');
  });
});
