import { OWN_FILE_PATHS, SITE_URL_META } from '#domain/first-screen.ts';

/** The site's own address as the server wrote it into the page; none in the dev server's page. */
function siteOriginOfPage(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${SITE_URL_META}"]`)?.content;
  if (!content) return undefined;
  try {
    return new URL(content).origin;
  } catch {
    return undefined;
  }
}

/**
 * Answers carry photo and avatar addresses absolute, under PUBLIC_URL, so any client can show
 * them. This page may have been opened by another name of the same server (127.0.0.1 for
 * localhost, a LAN address from a phone) where PUBLIC_URL does not reach, so the site's own files
 * are asked from the page's own origin: the server that served this page serves them too. Other
 * addresses (an S3 bucket, a CDN) are kept as they are.
 */
export function ownFileReviver(siteOrigin: string | undefined) {
  if (!siteOrigin) return undefined;
  const prefixes = OWN_FILE_PATHS.map((prefix) => `${siteOrigin}${prefix}`);
  return (key: string, value: unknown): unknown => {
    if (typeof value !== 'string' || !/url$/i.test(key)) return value;
    return prefixes.some((prefix) => value.startsWith(prefix)) ? value.slice(siteOrigin.length) : value;
  };
}

const reviver = ownFileReviver(siteOriginOfPage());

/** JSON.parse for the API's answers: the site's own picture addresses become addresses on this page's origin. */
export function parseAnswerJson(text: string): unknown {
  return JSON.parse(text, reviver);
}
