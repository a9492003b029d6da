/**
 * The browser side of Web Push (docs/decisions/0501-web-push.md): the VAPID key becomes the bytes
 * `pushManager.subscribe` takes; turning push on asks the permission only when called (a click),
 * stops at a refusal or a browser without push, and otherwise subscribes with the server's key and
 * stores the subscription through the API.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from './store';
import { applicationServerKey, pushState, pushSupported, turnOnPush } from './push';
import { json, stubFetch } from '../test/http';

/** A P-256 public key as web-push writes it: 65 bytes, base64url without padding. */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 37 + 11) % 256));
const KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Gives the window a Push API with `permission` answered by the prompt and a worker ready. */
function fakePushBrowser(answer: NotificationPermission) {
  const subscription = {
    endpoint: 'https://push.example.com/device-1',
    toJSON: () => ({
      endpoint: 'https://push.example.com/device-1',
      expirationTime: null,
      keys: { p256dh: 'B' + 'a'.repeat(86), auth: 'b'.repeat(22) },
    }),
  };
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => subscription);
  const registration = { pushManager: { subscribe, getSubscription: vi.fn(async () => null) } };
  let permission: NotificationPermission = 'default';
  const requestPermission = vi.fn(async () => (permission = answer));
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission,
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { subscribe, requestPermission };
}

describe('applicationServerKey', () => {
  it('decodes the base64url VAPID key to its 65 bytes', () => {
    expect(KEY).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Array.from(applicationServerKey(KEY))).toEqual(Array.from(KEY_BYTES));
  });
});

describe('turnOnPush', () => {
  it('says unsupported, asking nothing, in a browser without the Push API', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
    expect(pushSupported()).toBe(false);
    expect(await turnOnPush(makeStore().dispatch)).toBe('unsupported');
    expect(await pushState()).toBe('unsupported');
  });

  it('asks the permission only when called, and stops when it is refused', async () => {
    const fetch = stubFetch(() => json(500, {}));
    const { requestPermission, subscribe } = fakePushBrowser('denied');
    expect(await pushState()).toBe('off');
    expect(requestPermission).not.toHaveBeenCalled();
    expect(await turnOnPush(makeStore().dispatch)).toBe('denied');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    expect(await pushState()).toBe('denied');
  });

  it('subscribes with the server key and stores the subscription', async () => {
    const stored: unknown[] = [];
    stubFetch(async ({ req, path }) => {
      if (path === '/api/push/key') return json(200, { success: true, message: 'OK', data: { publicKey: KEY } });
      if (path === '/api/push/subscriptions' && req.method === 'POST') {
        stored.push(await req.json());
        return json(201, { success: true, message: 'on', data: { endpoint: 'x', createdAt: 'y' } });
      }
      return json(404, { success: false, message: 'Not found' });
    });
    const { subscribe } = fakePushBrowser('granted');
    expect(await turnOnPush(makeStore().dispatch)).toBe('on');
    expect(subscribe).toHaveBeenCalledTimes(1);
    const options = subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(Array.from(KEY_BYTES));
    expect(stored).toEqual([
      {
        endpoint: 'https://push.example.com/device-1',
        expirationTime: null,
        keys: { p256dh: 'B' + 'a'.repeat(86), auth: 'b'.repeat(22) },
      },
    ]);
  });
});
