/**
 * Web Push in the app's service worker (docs/decisions/0501-web-push.md), imported by the Workbox
 * worker vite-plugin-pwa generates (`importScripts`, vite.config.ts). A push is JSON
 * `{ title, body, link }` — the notification's own message and in-app link — shown as a system
 * notification; a click focuses an open tab of the app and takes it to the link, or opens the
 * link in a new one.
 */

/** The push's JSON, or its text as the body when it is not JSON. */
function readPush(message) {
  if (!message) return {};
  try {
    return message.json();
  } catch {
    return { body: message.text() };
  }
}

self.addEventListener('push', (event) => {
  const data = readPush(event.data);
  const title = typeof data.title === 'string' && data.title ? data.title : 'Campus Companion';
  const link =
    typeof data.link === 'string' && data.link.startsWith('/') && !data.link.startsWith('//') ? data.link : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data && event.notification.data.link) || '/';
  const target = new URL(link, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
      if (tab) {
        try {
          const focused = await tab.focus();
          if (focused.url !== target) await focused.navigate(target);
          return;
        } catch {
          // a tab this worker does not control cannot be navigated: open the link instead
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
