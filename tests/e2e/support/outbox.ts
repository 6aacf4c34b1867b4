import fs from 'node:fs';
import path from 'node:path';

/** Mails the dev outbox holds for an address, oldest first, as raw .eml text. */
export function mailsTo(dataDir: string, email: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .filter((mail) => mail.toLowerCase().includes(`to: ${email.toLowerCase()}`));
}

/** The newest 6-digit code mailed to an address (waits for the mail queue to write it). */
export async function latestCodeFor(dataDir: string, email: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const last = mailsTo(dataDir, email).at(-1);
    const code = last?.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code was mailed to ${email}`);
}

/** The newest mail to an address that matches, once the mail queue has written it (waits up to `timeoutMs`). */
export async function waitForMailTo(dataDir: string, email: string, match: (mail: string) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = mailsTo(dataDir, email).filter(match).at(-1);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no matching mail reached ${email}`);
}
