// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkifiedText, splitLinks } from './linkify.tsx';

afterEach(cleanup);

describe('the linkifier', () => {
  it('turns web addresses into links that open in a new tab with noopener, noreferrer and nofollow', () => {
    render(
      <p>
        <LinkifiedText text="See https://campus.example/lamp?id=4 and www.example.org/photos, then call me." />
      </p>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://campus.example/lamp?id=4',
      'https://www.example.org/photos',
    ]);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
      expect(link.getAttribute('target')).toBe('_blank');
    }
  });

  it('leaves sentence punctuation after an address outside the link', () => {
    expect(splitLinks('Photos at https://x.example/a. Thanks!')).toEqual([
      { kind: 'text', text: 'Photos at ' },
      { kind: 'link', text: 'https://x.example/a', href: 'https://x.example/a' },
      { kind: 'text', text: '. Thanks!' },
    ]);
  });

  it('renders markup in a message as text, never as HTML', () => {
    const { container } = render(
      <p>
        <LinkifiedText text={'<img src=x onerror="alert(1)"><b>bold</b> <a href="javascript:alert(1)">x</a>'} />
      </p>,
    );
    expect(container.querySelector('img, b, script')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"><b>bold</b> <a href="javascript:alert(1)">x</a>');
  });

  it('links only http and https addresses, so no javascript: link can be made', () => {
    expect(splitLinks('javascript:alert(1) data:text/html,hi')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,hi' },
    ]);
  });

  it('stops an address at a quote or an angle bracket', () => {
    expect(splitLinks('"https://a.example/x"<b>')).toEqual([
      { kind: 'text', text: '"' },
      { kind: 'link', text: 'https://a.example/x', href: 'https://a.example/x' },
      { kind: 'text', text: '"<b>' },
    ]);
  });
});
