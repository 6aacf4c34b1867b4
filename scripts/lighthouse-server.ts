/**
 * The production server on a throwaway data directory with the demo catalogue, and the demo
 * student's session: what `npm run lighthouse` and scripts/profile-page.ts measure against.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { sessionCookieName } from '#server/auth/session-cookie.ts';
import { demoLogins } from '#server/seed/seed-catalogue.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The built server as `npm start` runs it in production, on a throwaway data directory. */
export async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become ready within 120 s');
}

/** Signs the first demo student in through the real login call and returns its cookie. */
export async function signInDemoStudent(url: string): Promise<string> {
  const student = demoLogins().find((login) => login.role === 'student')!;
  const response = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: student.email, password: student.password }),
  });
  if (!response.ok) throw new Error(`demo login answered ${response.status}: ${await response.text()}`);
  const name = sessionCookieName({ secureCookies: false });
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  if (!session) throw new Error(`demo login set no session cookie: ${response.headers.getSetCookie().join(' | ')}`);
  return session.split(';')[0]!;
}

/** The newest listing: the first card of the Products page, so its page is one a student opens. */
export async function firstProductPath(url: string, cookie: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/products`, { headers: { cookie } });
  const body = (await response.json()) as { products?: { _id: string }[] };
  const first = body.products?.[0];
  if (!first) throw new Error(`the product list answered no product (${response.status})`);
  return `/shop/products/${first._id}`;
}
