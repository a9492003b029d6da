/**
 * Configuration is read once and fails loudly, naming the variable.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      appUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      trustProxy: false,
      seedDemo: true,
      adminEmails: [],
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
    // npm runs workspace scripts inside the workspace; relative paths follow where npm was run.
    expect(loadConfig({ INIT_CWD: '/srv/campus', DATA_DIR: './data' }).dataDir).toBe('/srv/campus/data');
    expect(c.institute.emailDomain).toBe('iiitsonepat.ac.in');
  });

  it('derives APP_URL from PORT, lower-cases admin e-mails, and turns the demo seed off for PostgreSQL', () => {
    const c = loadConfig({
      PORT: '4000',
      ADMIN_EMAILS: 'Dean@IIITSonepat.ac.in, hod@iiitsonepat.ac.in',
      DATABASE_URL: 'postgres://x@h/db',
    });
    expect(c.appUrl).toBe('http://localhost:4000');
    expect(c.adminEmails).toEqual(['dean@iiitsonepat.ac.in', 'hod@iiitsonepat.ac.in']);
    expect(c.seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['APP_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['ADMIN_EMAILS', 'not-an-email'],
    ['TRUST_PROXY', 'maybe'],
    ['LOG_LEVEL', 'loud'],
  ])('a bad %s (%s) throws naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('TRUST_PROXY takes a hop count or proxy addresses/CIDRs, and refuses "true"', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" would trust any client/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY: "10.0.0.0\/99" is neither/);
  });

  it('Web Push: VAPID keys come together or not at all; the subject defaults to MAIL_FROM (docs/decisions/0501-web-push.md)', async () => {
    const webpush = (await import('web-push')).default;
    const keys = webpush.generateVAPIDKeys();
    const none = loadConfig({ MAIL_FROM: 'Campus <campus@iiitsonepat.ac.in>' });
    expect(none.push).toMatchObject({
      vapid: undefined,
      subject: 'mailto:campus@iiitsonepat.ac.in',
      endpointHosts: [],
    });
    const set = loadConfig({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://campus.example.edu/contact',
      PUSH_ENDPOINT_HOSTS: '127.0.0.1:9999, Push.Local',
    });
    expect(set.push).toMatchObject({
      vapid: keys,
      subject: 'https://campus.example.edu/contact',
      endpointHosts: ['127.0.0.1:9999', 'push.local'],
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /VAPID_PUBLIC_KEY: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: must be/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'campus@example.edu' })).toThrow(/VAPID_SUBJECT: must be a mailto:/);
  });

  it('a bad institute config file throws naming the field', async () => {
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'cc-inst-')), 'institute.json');
    await fs.writeFile(file, JSON.stringify({ hostels: [] }));
    expect(() => loadConfig({ INSTITUTE_CONFIG: file })).toThrow(/INSTITUTE_CONFIG .*hostels/);
    await fs.writeFile(file, '{ not json');
    expect(() => loadConfig({ INSTITUTE_CONFIG: file })).toThrow(/INSTITUTE_CONFIG .*cannot read JSON/);
  });
});
