import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config.ts';
import { offsetClock, systemClock } from './clock.ts';

describe('configuration', () => {
  it('is unchanged by a copy of .env.example: every value the example writes out is the default', () => {
    const text = fs.readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const written = Object.fromEntries(
      text
        .split('\n')
        .filter((line) => /^[A-Z0-9_]+=.+/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.keys(written).length).toBeGreaterThan(10);
    expect(loadConfig(written)).toEqual(loadConfig({}));
  });

  it('starts with sensible defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      adminEmails: [],
      allowedEmailDomains: [],
      corsOrigins: [],
      trustProxy: false,
      production: false,
      demoData: true,
      workers: true,
    });
  });

  describe('LISTING_CACHE_MB', () => {
    it('is taken as given', () => {
      expect(loadConfig({ LISTING_CACHE_MB: '512' }).listingCacheMb).toBe(512);
    });

    it('refuses what is not a positive whole number', () => {
      expect(() => loadConfig({ LISTING_CACHE_MB: '0' })).toThrow(ConfigError);
      expect(() => loadConfig({ LISTING_CACHE_MB: 'lots' })).toThrow(ConfigError);
    });

    it('defaults to 256 MB a worker, less when the workers would take more than a sixteenth of the memory', () => {
      const sixteenth = Math.floor(os.totalmem() / 1024 / 1024 / 16);
      expect(loadConfig({}).listingCacheMb).toBe(Math.max(16, Math.min(256, sixteenth)));
      const many = loadConfig({ DATABASE_URL: 'postgres://localhost/x', WEB_CONCURRENCY: '64' });
      expect(many.listingCacheMb).toBe(Math.max(16, Math.min(256, Math.floor(sixteenth / 64))));
    });
  });

  describe('DATABASE_POOL_SIZE', () => {
    it('keeps 4 PostgreSQL connections a process unless told otherwise', () => {
      expect(loadConfig({ DATABASE_URL: 'postgres://db/campus' }).databasePoolSize).toBe(4);
      expect(loadConfig({ DATABASE_URL: 'postgres://db/campus', DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    });

    it('refuses what is not a positive whole number', () => {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(ConfigError);
      expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(ConfigError);
    });
  });

  describe('WORKERS', () => {
    const quiet = { ALLOWED_EMAIL_DOMAINS: 'iitb.ac.in' };

    it('lets a PostgreSQL instance run without background jobs, quietly', () => {
      const config = loadConfig({ ...quiet, WORKERS: 'false', DATABASE_URL: 'postgres://db/campus' });
      expect(config.workers).toBe(false);
      expect(configWarnings(config)).toEqual([]);
    });

    it('warns that the embedded database then runs no jobs at all (no mail goes out)', () => {
      const warnings = configWarnings(loadConfig({ ...quiet, WORKERS: 'false' }));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^WORKERS=false with the embedded database: .*no mail is sent/);
    });
  });

  describe('demo data', () => {
    it('is on by default on a developer machine, so npm start shows a lived-in site', () => {
      expect(loadConfig({}).demoData).toBe(true);
      expect(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'http://192.168.1.20:3000' }).demoData).toBe(true);
    });

    it.each([
      [{ NODE_ENV: 'production' }],
      [{ PUBLIC_URL: 'https://market.campus.edu' }],
      [{ NODE_ENV: 'development', PUBLIC_URL: 'https://market.campus.edu' }],
    ])('is off by default on a production install (%j)', (env) => {
      const config = loadConfig(env);
      expect(config.production).toBe(true);
      expect(config.demoData).toBe(false);
    });

    it('follows an explicit DEMO_DATA either way', () => {
      expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
      expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' }).demoData).toBe(true);
    });

    it('warns loudly when a production install turns it on', () => {
      const warnings = configWarnings(
        loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true', ALLOWED_EMAIL_DOMAINS: 'iitb.ac.in' }),
      );
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^DEMO_DATA=true on a production install: .*password is published/);
    });

    it('does not warn about it on a developer machine or when it is off', () => {
      const quiet = { ALLOWED_EMAIL_DOMAINS: 'iitb.ac.in' };
      expect(configWarnings(loadConfig(quiet))).toEqual([]);
      expect(configWarnings(loadConfig({ ...quiet, PUBLIC_URL: 'https://market.iitb.ac.in' }))).toEqual([]);
    });
  });

  describe('TRUST_PROXY', () => {
    const quiet = { ALLOWED_EMAIL_DOMAINS: 'iitb.ac.in' };

    it('warns that true lets callers pick their own address, and recommends a hop count', () => {
      const warnings = configWarnings(loadConfig({ ...quiet, TRUST_PROXY: 'true' }));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^TRUST_PROXY=true believes every X-Forwarded-For hop.*TRUST_PROXY=1/);
    });

    it.each(['false', '1', '2', '10.0.0.1', '10.0.0.0/8, 192.168.1.10'])('does not warn for %s', (value) => {
      expect(configWarnings(loadConfig({ ...quiet, TRUST_PROXY: value }))).toEqual([]);
    });
  });

  describe('WEB_CONCURRENCY', () => {
    const quiet = { ALLOWED_EMAIL_DOMAINS: 'iitb.ac.in' };
    const postgres = { ...quiet, DATABASE_URL: 'postgres://db/campus' };

    it('runs one worker per core on PostgreSQL unless told otherwise', () => {
      expect(loadConfig(postgres).webConcurrency).toBe(os.availableParallelism());
      expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
      expect(configWarnings(loadConfig({ ...postgres, WEB_CONCURRENCY: '3' }))).toEqual([]);
    });

    it('always runs one process on the embedded database, and says so when more were asked', () => {
      expect(loadConfig(quiet).webConcurrency).toBe(1);
      expect(configWarnings(loadConfig({ ...quiet, WEB_CONCURRENCY: '1' }))).toEqual([]);
      const config = loadConfig({ ...quiet, WEB_CONCURRENCY: '4' });
      expect(config.webConcurrency).toBe(1);
      expect(configWarnings(config)).toEqual([expect.stringMatching(/^WEB_CONCURRENCY=4 is ignored with the embedded database/)]);
    });

    it.each(['0', '-1', '1.5', 'many'])('refuses %s', (value) => {
      expect(() => loadConfig({ WEB_CONCURRENCY: value })).toThrow(/^Invalid configuration: WEB_CONCURRENCY must be/);
    });
  });

  it('warns when any e-mail address may register', () => {
    expect(configWarnings(loadConfig({}))).toEqual(['ALLOWED_EMAIL_DOMAINS is not set: any e-mail address can register']);
  });

  it('reads lists, booleans and URLs', () => {
    const config = loadConfig({
      ADMIN_EMAILS: 'Dean@Campus.edu, admin@campus.edu',
      ALLOWED_EMAIL_DOMAINS: 'campus.edu,iitb.ac.in',
      PUBLIC_URL: 'https://market.campus.edu/',
      CORS_ORIGINS: 'https://app.campus.edu',
      TRUST_PROXY: '1',
      DEMO_DATA: 'false',
    });
    expect(config.adminEmails).toEqual(['dean@campus.edu', 'admin@campus.edu']);
    expect(config.allowedEmailDomains).toEqual(['campus.edu', 'iitb.ac.in']);
    expect(config.publicUrl).toBe('https://market.campus.edu');
    expect(config.secureCookies).toBe(true);
    expect(config.corsOrigins).toEqual(['https://app.campus.edu']);
    expect(config.trustProxy).toBe(1);
    expect(config.demoData).toBe(false);
  });

  describe('CLOCK_OFFSET_DAYS', () => {
    it('runs the app on the real time by default', () => {
      expect(loadConfig({}).clockOffsetMs).toBe(0);
      expect(offsetClock(0)).toBe(systemClock);
    });

    it('moves a test install’s clock ahead by whole or part days', () => {
      const config = loadConfig({ CLOCK_OFFSET_DAYS: '61' });
      expect(config.clockOffsetMs).toBe(61 * 24 * 3600_000);
      const ahead = offsetClock(config.clockOffsetMs).now().getTime() - Date.now();
      expect(Math.abs(ahead - 61 * 24 * 3600_000)).toBeLessThan(1000);
      expect(loadConfig({ CLOCK_OFFSET_DAYS: '0.5' }).clockOffsetMs).toBe(12 * 3600_000);
    });

    it('refuses a negative offset, and any offset on a production install', () => {
      expect(() => loadConfig({ CLOCK_OFFSET_DAYS: '-1' })).toThrow('CLOCK_OFFSET_DAYS must be 0 or more days');
      expect(() => loadConfig({ CLOCK_OFFSET_DAYS: '3', NODE_ENV: 'production' })).toThrow(
        'CLOCK_OFFSET_DAYS is for test installs',
      );
    });
  });

  describe('SITE_TIME_ZONE', () => {
    it('counts months in India by default', () => {
      expect(loadConfig({}).siteTimeZone).toBe('Asia/Kolkata');
    });

    it('takes any IANA zone name, and UTC', () => {
      expect(loadConfig({ SITE_TIME_ZONE: 'America/Argentina/Buenos_Aires' }).siteTimeZone).toBe(
        'America/Argentina/Buenos_Aires',
      );
      expect(loadConfig({ SITE_TIME_ZONE: 'UTC' }).siteTimeZone).toBe('UTC');
    });

    it('says what it wants when the zone is unknown', () => {
      expect(() => loadConfig({ SITE_TIME_ZONE: 'Asia/Atlantis' })).toThrow(
        'Invalid configuration: SITE_TIME_ZONE must be an IANA time zone name such as Asia/Kolkata or Europe/Berlin (got "Asia/Atlantis")',
      );
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ ADMIN_EMAILS: 'not-an-email' }, 'ADMIN_EMAILS'],
    [{ PUBLIC_URL: 'market.campus.edu' }, 'PUBLIC_URL'],
    [{ CAMPUS_MAP_EMBED_URL: 'http://maps.example/embed' }, 'CAMPUS_MAP_EMBED_URL'],
    [{ TRUST_PROXY: 'sometimes' }, 'TRUST_PROXY'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
    [{ SITE_TIME_ZONE: 'Mars/Olympus_Mons' }, 'SITE_TIME_ZONE'],
    [{ SITE_TIME_ZONE: 'IST' }, 'SITE_TIME_ZONE'],
    [{ SITE_TIME_ZONE: '+05:30' }, 'SITE_TIME_ZONE'],
    [{ WORKERS: 'some' }, 'WORKERS'],
  ])('refuses %j with one line naming %s', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(message).not.toContain('\n');
  });
});

describe('object storage settings', () => {
  const s3Env = {
    STORAGE: 's3',
    S3_BUCKET: 'campus-photos',
    S3_PUBLIC_URL: 'https://photos.campus.edu/',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
  };

  it('keeps photos on local disk unless STORAGE=s3', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
  });

  it('reads the bucket, its public address and path style from S3_*', () => {
    expect(loadConfig(s3Env).storage).toEqual({
      driver: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'campus-photos',
      region: 'us-east-1',
      credentials: undefined,
      publicUrl: 'https://photos.campus.edu',
      forcePathStyle: true,
    });
  });

  it('names what STORAGE=s3 lacks', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET is required with STORAGE=s3; S3_PUBLIC_URL is required/);
    expect(() => loadConfig({ ...s3Env, S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY and S3_ACCESS_KEY_ID go together/,
    );
  });

  it('refuses a metrics token too short to be a secret', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});

describe('web push settings', () => {
  const keys = {
    VAPID_PUBLIC_KEY: 'BPdxZ2gBiZOJjoRDUqWtBLhyDVNffiy2Fgx5_S7Yu9h7yd1qQq4oCpdlDKoaaoWXh2aoxLNQY6baYkv8l6S18a8',
    VAPID_PRIVATE_KEY: '0szOYrkViIHzUl7-SZotfXCFTCyZjFCr6ZnIP9-nCxw',
  };

  it('generates and stores keys unless both are configured, and signs as the contact address', () => {
    expect(loadConfig({ CONTACT_EMAIL: 'help@campus.edu' }).vapid).toEqual({
      keys: undefined,
      subject: 'mailto:help@campus.edu',
    });
    expect(loadConfig({ ...keys, VAPID_SUBJECT: 'https://market.campus.edu' }).vapid).toEqual({
      keys: { publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY },
      subject: 'https://market.campus.edu',
    });
  });

  it('names what is wrong with VAPID_*', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY go together/,
    );
    expect(() => loadConfig({ ...keys, VAPID_PUBLIC_KEY: 'short' })).toThrow(/VAPID_PUBLIC_KEY must be a VAPID public key/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://campus.edu' })).toThrow(/VAPID_SUBJECT must be a mailto: address/);
  });

  it('takes push endpoints over http on this machine only outside production', () => {
    expect(loadConfig({}).pushAllowLocalHttp).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).pushAllowLocalHttp).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://market.campus.edu' }).pushAllowLocalHttp).toBe(false);
    const e2e = loadConfig({ NODE_ENV: 'production', PUSH_LOCAL_ENDPOINTS: 'true' });
    expect(e2e.pushAllowLocalHttp).toBe(true);
    expect(configWarnings(e2e)).toContainEqual(expect.stringMatching(/PUSH_LOCAL_ENDPOINTS=true on a production install/));
  });
});
