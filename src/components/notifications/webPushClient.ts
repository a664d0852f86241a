/**
 * The browser side of Web Push: register public/sw.js, subscribe with the server's VAPID key, unsubscribe.
 * The subscription's endpoint and keys are what notifications.subscribe stores.
 */

import { SERVICE_WORKER_URL } from "../../lib/serviceWorker";

/** Whether this browser can receive push messages at all (service workers, Push API, Notification API). */
export function browserSupportsPush(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The raw key bytes for PushManager.subscribe from the base64url text the server hands out. */
export function base64UrlToBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64Url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export type PushSubscriptionPayload = { endpoint: string; keys: { p256dh: string; auth: string } };

/** The browser's current push subscription for this site, if any (without asking for permission). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!browserSupportsPush()) return null;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks for permission, registers the service worker and subscribes. Throws an Error with a sentence a person can
 * read when permission is refused or the browser fails.
 */
export async function subscribeToPush(publicKey: string): Promise<PushSubscriptionPayload> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error("Notifications are blocked for this site. Allow them in your browser's site settings to get reminders.");
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription = existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error("Your browser returned an incomplete push subscription.");
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}

/** Ends the browser's subscription; resolves with the endpoint that was removed (to tell the server), or null. */
export async function unsubscribeFromPush(): Promise<string | null> {
  const subscription = await currentPushSubscription();
  if (!subscription) return null;
  const endpoint = subscription.endpoint;
  await subscription.unsubscribe();
  return endpoint;
}
