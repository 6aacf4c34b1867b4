import { Fragment } from 'react';

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** http(s) addresses and bare www. ones; a space, a quote or an angle bracket ends one. */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address ("see www.x.com."). */
const TRAILING = /[.,;:!?)\]}]+$/;

/** Splits a message into plain text and addresses, in order; nothing in it is ever treated as markup. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let url = match[0];
    // A closing bracket that opened inside the address belongs to it (Wikipedia-style links).
    const trailing = TRAILING.exec(url)?.[0] ?? '';
    const keep = trailing.startsWith(')') && url.includes('(') ? 1 : 0;
    url = url.slice(0, url.length - trailing.length + keep);
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: url, href: /^https?:\/\//i.test(url) ? url : `https://${url}` });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/**
 * A message's text as React text nodes (so never HTML), its addresses as links that open in a new
 * tab without giving the page a handle on ours, leaking where the reader came from, or lending
 * them our ranking.
 */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.kind === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="break-all font-medium underline underline-offset-2"
          >
            {part.text}
          </a>
        ),
      )}
    </>
  );
}
