import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../mailer.ts';
import { renderMail } from './layout.ts';

const site = { url: 'https://market.campus.edu', contactEmail: 'help@campus.edu' };
const unsubscribe = {
  kindLabel: 'New buy requests for my listings',
  pageUrl: 'https://market.campus.edu/unsubscribe/token',
  settingsUrl: 'https://market.campus.edu/account',
};
const content = {
  subject: 'New buy request for "Desk <lamp>"',
  blocks: [{ text: 'Hi ravi,' }, { quote: 'Is it still there?\nI can come today & pay cash.' }, { code: '123456' }],
  action: { label: 'Go to My Listings', url: 'https://market.campus.edu/my-listings?tab=requests&x=1' },
};

describe('a mail’s layout', () => {
  it('writes the plain-text part block by block, then the action, the signature and the footer', () => {
    expect(renderMail(content, site, unsubscribe).text).toBe(
      [
        'Campus Market',
        '',
        'Hi ravi,',
        '',
        '> Is it still there?',
        '> I can come today & pay cash.',
        '',
        '    123456',
        '',
        'Go to My Listings: https://market.campus.edu/my-listings?tab=requests&x=1',
        '',
        '— The Campus Market team',
        '',
        '--',
        'Campus Market · https://market.campus.edu',
        'You get this e-mail because e-mails about "New buy requests for my listings" are on for your account.',
        'Unsubscribe from these e-mails: https://market.campus.edu/unsubscribe/token',
        'Choose which e-mails you get: https://market.campus.edu/account',
      ].join('\n'),
    );
  });

  it('escapes what people wrote in the HTML part, and names the kind of mail in its footer', () => {
    const { html } = renderMail(content, site, unsubscribe);
    expect(html).toContain('<title>New buy request for &#34;Desk &#60;lamp&#62;&#34;</title>');
    expect(html).toContain('I can come today &#38; pay cash.</blockquote>');
    expect(html).toContain('href="https://market.campus.edu/my-listings?tab=requests&#38;x=1"');
    expect(html).toContain('e-mails about &ldquo;New buy requests for my listings&rdquo; are on for your account');
  });

  it('gives a security mail (no unsubscribe) the address to write to instead', () => {
    const { text, html } = renderMail(content, site);
    expect(text.endsWith('Campus Market · https://market.campus.edu\nQuestions? Write to help@campus.edu.')).toBe(true);
    expect(html).toContain('Questions? Write to <a href="mailto:help@campus.edu"');
  });
});

describe('escapeHtml', () => {
  it('leaves a text without special characters as it is, and escapes each of & < > " \'', () => {
    expect(escapeHtml('Casio fx-991, like new')).toBe('Casio fx-991, like new');
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe('a&#38;b&#60;c&#62;d&#34;e&#39;f');
  });
});
