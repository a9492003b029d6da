/**
 * The privacy notice's figures (docs/privacy.md "Grievances"): `GET /api/users/privacy-notice`
 * answers anyone, a guest too, with the configured retention, grace and grievance officer; the
 * officer comes from the institute config and defaults to `grievance@` the institute's e-mail domain.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_DOMAIN } from '@campus/contract/institute';
import { NOTIFICATION_RETENTION_DAYS, PRIVACY_MESSAGES } from '@campus/contract/privacy';
import { loadConfig } from '../../config.ts';
import { testWorldHooks } from '../../test/helpers.ts';

/** Writes an institute config file holding `content` and answers its path. */
function instituteFile(content: object): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cc-institute-')), 'institute.json');
  fs.writeFileSync(file, JSON.stringify(content));
  return file;
}

const w = testWorldHooks([], {
  RETENTION_DAYS: '30',
  ACCOUNT_DELETION_GRACE_DAYS: '7',
  INSTITUTE_CONFIG: instituteFile({
    grievanceOfficer: { name: 'Dr. Meera Iyer', email: 'Grievance.Officer@Example.org' },
  }),
});

describe('the privacy notice', () => {
  it('answers a guest with the configured figures and grievance officer', async () => {
    const res = await w.as().get('/api/users/privacy-notice');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: PRIVACY_MESSAGES.noticeLoaded,
      data: {
        retentionDays: 30,
        accountDeletionGraceDays: 7,
        notificationRetentionDays: NOTIFICATION_RETENTION_DAYS,
        grievanceOfficer: { name: 'Dr. Meera Iyer', email: 'grievance.officer@example.org' },
      },
    });
  });

  it('names a default officer at the institute domain, and refuses a malformed address', () => {
    const config = loadConfig({});
    expect(config.grievanceOfficer).toEqual({
      name: 'The Grievance Officer',
      email: `grievance@${DEFAULT_EMAIL_DOMAIN}`,
    });
    expect(config.retentionDays).toBe(180);
    expect(() =>
      loadConfig({ INSTITUTE_CONFIG: instituteFile({ grievanceOfficer: { name: 'X', email: 'not an address' } }) }),
    ).toThrow(/grievanceOfficer\.email/);
  });
});
