// Web Push: this browser subscribed to the logged-in account's notifications, so that the server
// tells the player of their move in a turn-based game, their time running short or a challenge
// with no page of the app open (sw.js shows them). The subscription is made with the server's key
// (GET /api/push/key) through the app's service worker, and given to the server with the page's
// language (POST /api/push/subscriptions); turned off, it is taken back at both ends. A guest has
// none: a notification is an account's.
import { language } from "./i18n.js";
import { api, Refused } from "./server.js";

/** How this browser stands for push: subscribed (`on`), not logged in (`guest`), or unable (no push
 * manager, the subscription refused by the browser or the server). @typedef {"on" | "guest" | "unavailable"} PushState */

/** The bytes of URL-safe base64 `text` (the server's key). @param {string} text */
function keyBytes(text) {
  const raw = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** Whether `kept` (a subscription's key) holds the bytes of `wanted`.
 * @param {ArrayBuffer | null} kept @param {Uint8Array} wanted */
function sameKey(kept, wanted) {
  if (!kept || kept.byteLength !== wanted.length) return false;
  const bytes = new Uint8Array(kept);
  return wanted.every((byte, i) => bytes[i] === byte);
}

/** Subscribe this browser to the account's notifications through `registration` (the service
 * worker's), with the server's key; a subscription made with another key (the server's key
 * changed) is replaced. @param {ServiceWorkerRegistration | null} registration @returns {Promise<PushState>} */
export async function subscribePush(registration) {
  if (!registration || !("pushManager" in registration)) return "unavailable";
  try {
    // Asked first: a guest's subscription would be refused, a failed request in the console.
    const who = /** @type {{account: object | null}} */ (await api("/api/account"));
    if (!who.account) return "guest";
    const { key } = /** @type {{key: string}} */ (await api("/api/push/key"));
    const wanted = keyBytes(key);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, wanted)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: wanted });
    await api("/api/push/subscriptions", { method: "POST", body: { ...subscription.toJSON(), language: language() } });
    return "on";
  } catch (problem) {
    return problem instanceof Refused && problem.code === "session_ended" ? "guest" : "unavailable";
  }
}

/** Whether this browser holds a push subscription (made by the setting on an earlier page), so
 * that a page opening says so as the one that made it did. @returns {Promise<boolean>} */
export async function pushSubscribed() {
  if (!("serviceWorker" in navigator)) return false;
  try {
    const registration = await navigator.serviceWorker.getRegistration("/");
    return Boolean(registration && "pushManager" in registration && await registration.pushManager.getSubscription());
  } catch {
    return false;
  }
}

/** Take this browser's subscription back: the server forgets it (`tellServer`, while logged in),
 * and the browser ends it, so that its push service refuses what the server would still send. */
export async function unsubscribePush(tellServer = true) {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = registration && "pushManager" in registration ? await registration.pushManager.getSubscription() : null;
  if (!subscription) return;
  if (tellServer) await api("/api/push/subscriptions", { method: "DELETE", body: { endpoint: subscription.endpoint } }).catch(() => null);
  await subscription.unsubscribe();
}
