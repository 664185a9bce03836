// The app's service worker, which only shows the notifications of turn-notify.js and answers a
// click on one. Chrome on Android shows no notification made by a page (`new Notification()`
// throws there), only one a service worker's registration shows. Served at /sw.js (not under
// /static/) so that its scope is the whole app and `navigator.serviceWorker.ready` resolves on
// every page. It handles no fetch: every request goes to the network as without it, and nothing
// is cached. A push of the server (Web Push, web/push.py) is shown as its notification, with the
// tag the page's own notification of the same event has, so that the browser shows it once; a
// subscription the browser renews is given to the server.

/** What of the worker's global scope this script uses (tsc's DOM library has no worker types).
 * @typedef {{url: string, focus(): Promise<unknown>, navigate(url: string): Promise<unknown>}} AppWindow
 * @typedef {{notification: {data?: {href?: string}, close(): void}, waitUntil(done: Promise<unknown>): void}} NotificationClick
 * @typedef {{data: {json(): unknown} | null, waitUntil(done: Promise<unknown>): void}} PushEvent
 * @typedef {{game: string, tag: string, title: string, body: string, href: string}} PushNote
 * @typedef {{oldSubscription: PushSubscription | null, newSubscription: PushSubscription | null,
 *   waitUntil(done: Promise<unknown>): void}} SubscriptionChange
 * @typedef {{clients: {matchAll(options: object): Promise<AppWindow[]>, openWindow(url: string): Promise<unknown>,
 *   claim(): Promise<void>}, skipWaiting(): Promise<void>, addEventListener(type: string, listener: (event: any) => void): void,
 *   location: Location, registration: ServiceWorkerRegistration, navigator: Navigator}} WorkerScope */
const workerScope = /** @type {WorkerScope} */ (/** @type {unknown} */ (self));

// A new version takes over at once: it holds no state a page relies on.
workerScope.addEventListener("install", () => { workerScope.skipWaiting(); });
workerScope.addEventListener("activate", (/** @type {NotificationClick} */ event) => { event.waitUntil(workerScope.clients.claim()); });

/** Bring the player to `href` (a game's page): the tab showing it if one does, else the first tab
 * of the app, taken there, else a new one; a tab the worker does not control cannot be navigated.
 * @param {string} href */
async function showPage(href) {
  const target = new URL(href, workerScope.location.origin);
  const windows = await workerScope.clients.matchAll({ type: "window", includeUncontrolled: true });
  const there = windows.find((tab) => new URL(tab.url).pathname === target.pathname);
  if (there) return there.focus();
  for (const tab of windows) {
    try {
      const moved = /** @type {AppWindow | null} */ (await tab.navigate(target.href));
      return (moved ?? tab).focus();
    } catch {
      // Not controlled by this worker (opened before it was): the next tab, or a new one.
    }
  }
  return workerScope.clients.openWindow(target.href);
}

workerScope.addEventListener("notificationclick", (/** @type {NotificationClick} */ event) => {
  event.notification.close();
  event.waitUntil(showPage(event.notification.data?.href ?? "/"));
});

/** Tell the app's open tabs that a push came (news.js): their bell and "Your move" card look again.
 * @param {PushNote} note */
async function tellTabs(note) {
  const windows = /** @type {Array<AppWindow & {postMessage(message: unknown): void}>} */ (
    await workerScope.clients.matchAll({ type: "window" }));
  for (const tab of windows) tab.postMessage({ type: "push", game: note.game, tag: note.tag });
}

// A push of the server: its notification, which opens its page when clicked (above).
workerScope.addEventListener("push", (/** @type {PushEvent} */ event) => {
  const note = /** @type {PushNote | null} */ (event.data ? event.data.json() : null);
  if (!note) return;
  event.waitUntil(Promise.all([
    workerScope.registration.showNotification(note.title, { body: note.body, tag: note.tag, data: { href: note.href } }),
    tellTabs(note)]));
});

/** The subscription the browser renewed (its push service's own reasons, `change`), given to the
 * server, with the old one's key, as the page gives it; in the browser's language until a page
 * of the app subscribes again with its own. Refused (nobody logged in any more): left to that page.
 * @param {SubscriptionChange} change */
async function renewed(change) {
  const key = change.oldSubscription?.options.applicationServerKey;
  const subscription = change.newSubscription
    ?? (key ? await workerScope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
  if (!subscription) return null;
  const language = workerScope.navigator.language.split("-")[0];
  return fetch("/api/push/subscriptions", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...subscription.toJSON(), language }) });
}

workerScope.addEventListener("pushsubscriptionchange", (/** @type {SubscriptionChange} */ event) => { event.waitUntil(renewed(event)); });
