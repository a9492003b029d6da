import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginBody } from '@campus/contract/users';
import { USER_MESSAGES } from '@campus/contract/users-ui';
import { markHydrated } from './hydration';
import { lazyZodResolver, usePreloadWhenIdle } from './lazy-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('validates with the loaded schema: the contract messages on bad input, the parsed values on good', async () => {
    const { resolver } = lazyZodResolver(async () => loginBody);
    const bad = await resolver({ email: '', password: '' }, undefined, options);
    expect(bad.errors.email?.message).toBe(USER_MESSAGES.emailRequired);
    expect(bad.errors.password?.message).toBe(USER_MESSAGES.passwordRequired);
    const good = await resolver({ email: 'a.12345678@x.edu', password: 'secret' }, undefined, options);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ email: 'a.12345678@x.edu', password: 'secret' });
  });

  it('loads the schema once, on the first sign of intent, and validations reuse it', async () => {
    const load = vi.fn(async () => loginBody);
    const { resolver, intent, preload } = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();
    intent.onFocus();
    intent.onPointerDown();
    await preload();
    await resolver({ email: '', password: '' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed download, so the next validation tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(loginBody);
    const { resolver } = lazyZodResolver(load);
    await expect(resolver({ email: '', password: '' }, undefined, options)).rejects.toThrow('Failed to fetch');
    const retried = await resolver({ email: '', password: '' }, undefined, options);
    expect(retried.errors.email?.message).toBe(USER_MESSAGES.emailRequired);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('usePreloadWhenIdle', () => {
  afterEach(() => {
    delete document.documentElement.dataset.hydrated;
  });

  it('starts the download only once the page has hydrated and the browser is idle', async () => {
    const load = vi.fn(async () => loginBody);
    const lazy = lazyZodResolver(load);
    renderHook(() => usePreloadWhenIdle(lazy));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).not.toHaveBeenCalled();
    markHydrated();
    // Without requestIdleCallback (happy-dom) the fallback runs it 1 s after hydration.
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });
});
