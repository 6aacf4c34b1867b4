import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServerOptions {
  /** Listen on this port (to bring a stopped server back where the app expects it). */
  port?: number;
  /** Recipients refused for good with 550, as a mail server refuses a mailbox that does not exist. */
  refuse?: (address: string) => boolean;
  /** Called when a message's data has arrived, before the server answers; the answer waits for it. */
  beforeAccept?: (mail: ParsedMail) => Promise<void>;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  /** Every mail the server accepted (answered 250), in order. */
  received: ParsedMail[];
  close(): Promise<void>;
}

/** A real SMTP server in the test process (no TLS, no auth), keeping what it accepts. */
export async function startSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const error = new Error('5.1.1 No such mailbox here') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          await options.beforeAccept?.(mail);
          received.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header of a parsed mail as it was sent, unfolded ('' when absent). */
export function headerOf(mail: ParsedMail, name: string): string {
  const line = mail.headerLines.find((header) => header.key === name.toLowerCase())?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}
