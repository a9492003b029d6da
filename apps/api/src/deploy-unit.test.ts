/**
 * The shipped systemd unit (deploy/campus-companion.service, docs/operations.md "Install on a
 * server") passes `systemd-analyze verify` without a warning — an unknown key or a bad value is
 * only a warning to systemd, which then runs the service without it (e.g. without its hardening).
 * The unit's /srv/campus is this checkout and its environment file an empty temporary one, so
 * the check finds the real `node_modules/.bin/node` and `scripts/serve.ts`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

it('deploy/campus-companion.service passes systemd-analyze verify with no warning, and carries its hardening', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-unit-'));
  try {
    const unit = await fs.readFile(path.join(ROOT, 'deploy/campus-companion.service'), 'utf8');
    for (const line of [
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ReadWritePaths=/var/lib/campus',
      'User=campus',
      'EnvironmentFile=/etc/campus/campus.env',
      'Restart=on-failure',
      'ExecStart=/srv/campus/node_modules/.bin/node scripts/serve.ts',
    ])
      expect(unit.split('\n')).toContain(line);
    const envFile = path.join(dir, 'campus.env');
    await fs.writeFile(envFile, '');
    const file = path.join(dir, 'campus-companion.service');
    await fs.writeFile(file, unit.replaceAll('/srv/campus', ROOT).replace('/etc/campus/campus.env', envFile));
    const { stdout, stderr } = await promisify(execFile)('systemd-analyze', ['verify', file]);
    expect(`${stdout}${stderr}`.trim()).toBe('');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
