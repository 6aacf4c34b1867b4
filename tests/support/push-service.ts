import { createECDH, createHmac, createPublicKey, createDecipheriv, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's side of a push subscription: its P-256 key pair and auth secret. */
export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** What this device received, decrypted and checked. */
  received: ReceivedPush[];
}

export interface ReceivedPush {
  /** The decrypted payload, exactly as sent. */
  plaintext: string;
  headers: http.IncomingHttpHeaders;
  /** The VAPID JWT's claims, after its ES256 signature was verified against `k`. */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key the push was signed with (the `k` of the Authorization header). */
  vapidPublicKey: string;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

function hmac(key: Buffer, ...data: Buffer[]): Buffer {
  const mac = createHmac('sha256', key);
  for (const part of data) mac.update(part);
  return mac.digest();
}

/**
 * Decrypts an aes128gcm push message (RFC 8188 framing, RFC 8291 keys) as a browser does:
 * ECDH with the sender's key from the header, the auth secret, HKDF, then AES-128-GCM.
 */
export function decryptPush(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65) throw new Error(`the key id must be the sender's 65-byte public key, got ${keyIdLength} bytes`);
  if (record.length > recordSize) throw new Error('a push message is a single record');
  const receiverPublic = ecdh.getPublicKey();
  const sharedSecret = ecdh.computeSecret(senderPublic);
  // RFC 8291 §3.3: IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0 || ua_public || as_public, 32)
  const prkKey = hmac(authSecret, sharedSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = hmac(prkKey, keyInfo, Buffer.from([1]));
  // RFC 8188 §2.2: CEK and nonce from HKDF(salt, IKM)
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record must end with the 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): an ES256 JWT signed by that key. */
export function verifyVapid(authorization: string | undefined, expectedAudience: string) {
  const match = /^vapid t=([A-Za-z0-9_.-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token, k] = match as unknown as [string, string, string];
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k must be an uncompressed P-256 public key');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify against k');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string; typ: string };
  if (head.alg !== 'ES256') throw new Error(`the JWT must be ES256, got ${head.alg}`);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== expectedAudience) throw new Error(`aud ${claims.aud} is not ${expectedAudience}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error('exp must be within the next 24 hours');
  return { claims, vapidPublicKey: k };
}

/**
 * A push service on 127.0.0.1 for the tests: devices get endpoints on it; each POST is checked
 * (VAPID signature, aes128gcm) and decrypted, or answered with the status set for that device.
 */
export async function startPushService() {
  const devices = new Map<string, { device: TestDevice; ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number }>();
  const problems: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = request.url?.replace(/^\/push\//, '') ?? '';
      const entry = devices.get(id);
      if (!entry) {
        response.writeHead(404).end();
        return;
      }
      if (entry.status !== 201) {
        response.writeHead(entry.status).end();
        return;
      }
      try {
        if (request.method !== 'POST') throw new Error(`expected POST, got ${request.method}`);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('content-encoding must be aes128gcm');
        if (!request.headers.ttl) throw new Error('a TTL header is required');
        const { claims, vapidPublicKey } = verifyVapid(request.headers.authorization, `http://${request.headers.host}`);
        const plaintext = decryptPush(Buffer.concat(chunks), entry.ecdh, entry.auth);
        entry.device.received.push({ plaintext, headers: request.headers, claims, vapidPublicKey });
        response.writeHead(201).end();
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    /** Every push the service refused as malformed (bad signature, undecryptable): should stay empty. */
    problems,
    /** A new browser subscription on this service. */
    device(): TestDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = b64url(randomBytes(12));
      const device: TestDevice = {
        endpoint: `${base}/push/${id}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        received: [],
      };
      devices.set(id, { device, ecdh, auth, status: 201 });
      return device;
    },
    /** From now on the service answers this status for the device (410: it unsubscribed). */
    answer(device: TestDevice, status: number) {
      const entry = devices.get(device.endpoint.split('/').pop()!);
      if (entry) entry.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
