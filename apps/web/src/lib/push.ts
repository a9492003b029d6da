/**
 * Web Push in the browser (docs/decisions/0501-web-push.md): whether this browser can receive
 * pushes, this device's subscription, and turning it on or off. The permission prompt is asked
 * only by {@link turnOnPush}, which a click calls — never at load. The service worker that shows
 * the pushes is the app's own (vite-plugin-pwa), which imports `public/push-sw.js`.
 */
import type { SubscribeBody } from '@campus/contract/push';
import { pushApi } from './push-api';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

/** Where this device stands: no push support, notifications blocked, or subscribed or not. */
export type PushState = 'unsupported' | 'denied' | 'on' | 'off';

/** The outcome of turning push on. */
export type TurnOnResult = 'on' | 'unsupported' | 'denied' | 'failed';

/** A dispatch that runs the push endpoints' thunks (the store's, or a thunk's own). */
type PushDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** How long to wait for the service worker to be ready, ms. */
const WORKER_WAIT_MS = 10_000;

/** True when this browser has service workers, the Push API and notifications. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/**
 * The VAPID public key (base64url, as the server sends it) as the bytes `pushManager.subscribe`
 * takes for `applicationServerKey`.
 */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The subscription as the API takes it (`PushSubscription.toJSON()`). */
export function subscriptionBody(sub: PushSubscription): SubscribeBody {
  const json = sub.toJSON();
  return {
    endpoint: json.endpoint ?? sub.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** The app's service worker registration, or undefined when none is registered (yet). */
async function registration(wait: boolean): Promise<ServiceWorkerRegistration | undefined> {
  if (!wait) return navigator.serviceWorker.getRegistration();
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), WORKER_WAIT_MS)),
  ]);
}

/** This device's state, without asking anything. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await registration(false).catch(() => undefined);
  const sub = await reg?.pushManager.getSubscription().catch(() => null);
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

/**
 * Turns push on for this device: asks the browser's permission (call it from a click), subscribes
 * with the server's key and stores the subscription. Never throws.
 */
export async function turnOnPush(dispatch: PushDispatch): Promise<TurnOnResult> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  try {
    const reg = await registration(true);
    if (!reg) return 'failed';
    const { publicKey } = await dispatch(pushApi.endpoints.pushKey.initiate()).unwrap();
    const sub =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(publicKey),
      }));
    await dispatch(pushApi.endpoints.savePushSubscription.initiate(subscriptionBody(sub))).unwrap();
    return 'on';
  } catch {
    return 'failed';
  }
}

/** Turns push off for this device: the server forgets it and the browser unsubscribes. Never throws. */
export async function turnOffPush(dispatch: PushDispatch): Promise<boolean> {
  if (!pushSupported()) return true;
  try {
    const reg = await registration(false);
    const sub = await reg?.pushManager.getSubscription();
    if (!sub) return true;
    await dispatch(pushApi.endpoints.deletePushSubscription.initiate({ endpoint: sub.endpoint }))
      .unwrap()
      .catch(() => undefined); // already forgotten by the server (404): unsubscribe anyway
    await sub.unsubscribe();
    return true;
  } catch {
    return false;
  }
}
