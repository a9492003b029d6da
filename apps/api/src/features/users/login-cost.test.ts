/**
 * Issue 21 (info finding): a wrong password for an address with several pending sign-ups cost one
 * argon2 verification per attempt — a timing signal and a cost lever. Every login now costs exactly
 * one, counted here by wrapping `@node-rs/argon2`'s `verify` (the real one still runs).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, instituteEmail, signUpAndLogin, type TestApp } from '../../test/helpers.ts';

const calls = vi.hoisted(() => ({ verify: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      calls.verify += 1;
      return real.verify(...args);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Argon2 verifications made by one login attempt. */
async function verificationsFor(email: string, password: string): Promise<number> {
  calls.verify = 0;
  await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  return calls.verify;
}

describe('a login costs one argon2 verification', () => {
  it('for an address with three pending sign-ups, a verified account and an unknown address alike', async () => {
    const pending = instituteEmail('pending');
    for (const password of ['pending-one-pw', 'pending-two-pw', 'pending-three-pw'])
      await t.app.inject({ method: 'POST', url: '/api/users/signup', payload: { email: pending, password } });
    expect(await verificationsFor(pending, 'a-wrong-password')).toBe(1);
    expect(await verificationsFor(pending, 'pending-one-pw')).toBe(1);
    const { email } = await signUpAndLogin(t);
    expect(await verificationsFor(email, 'a-wrong-password')).toBe(1);
    expect(await verificationsFor(instituteEmail('nobody'), 'a-wrong-password')).toBe(1);
  });
});
