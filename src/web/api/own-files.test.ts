import { describe, expect, it } from 'vitest';
import { ownFileReviver } from './own-files.ts';

const SITE = 'http://localhost:3000';
const parse = (value: unknown, siteOrigin: string | null = SITE) =>
  JSON.parse(JSON.stringify(value), ownFileReviver(siteOrigin ?? undefined)) as unknown;

describe("the site's own pictures, as the web app addresses them", () => {
  it("shows the default avatar and uploaded photos from the page's own origin", () => {
    expect(
      parse({
        user: { profilePicture: { url: `${SITE}/images/user-avatar.png` } },
        images: [
          {
            url: `${SITE}/uploads/products/a.webp`,
            secure_url: `${SITE}/uploads/products/a.webp`,
            cardUrl: `${SITE}/uploads/products/a-card.webp`,
          },
        ],
      }),
    ).toEqual({
      user: { profilePicture: { url: '/images/user-avatar.png' } },
      images: [
        { url: '/uploads/products/a.webp', secure_url: '/uploads/products/a.webp', cardUrl: '/uploads/products/a-card.webp' },
      ],
    });
  });

  it('keeps addresses elsewhere (a bucket, a CDN) and other paths of the site as they are', () => {
    const answer = {
      images: [{ url: 'https://bucket.s3.example/uploads/products/a.webp', cardUrl: 'http://localhost:3001/uploads/a.webp' }],
      link: { url: `${SITE}/shop/products/1` },
    };
    expect(parse(answer)).toEqual(answer);
  });

  it('leaves what people wrote untouched, even when it is such an address', () => {
    const answer = { message: { body: `${SITE}/uploads/products/a.webp` } };
    expect(parse(answer)).toEqual(answer);
  });

  it('changes nothing when the page names no site (the dev server)', () => {
    const answer = { profilePicture: { url: `${SITE}/images/user-avatar.png` } };
    expect(parse(answer, null)).toEqual(answer);
  });
});
