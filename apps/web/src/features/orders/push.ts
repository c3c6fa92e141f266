/**
 * Order notifications in this browser (Web Push, docs/decisions/0021-phone-first.md): the browser's
 * subscription, with the shop's VAPID public key from the run-time config, stored for the signed-in
 * customer by the API; the service worker (sw/sw.ts) shows the messages.
 */
import { apiRequest } from '../../lib/api-client';
import { SERVICE_WORKER_URL } from '../../lib/service-worker';

export const PUSH_SUBSCRIPTION_PATH = '/user/api/v1/user/push-subscription';

/**
 * What this browser can do: notifications; on an iPhone or iPad outside the home screen, nothing until
 * the shop is added to it (Safari offers Web Push only to home-screen apps); or nothing at all.
 */
export type PushSupport = 'supported' | 'add-to-home-screen' | 'unsupported';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  const apple = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (apple && !standalone) return 'add-to-home-screen';
  return capable ? 'supported' : 'unsupported';
}

/** The key as the push manager takes it: the bytes of its base64url text. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The shop's service worker, registered now if the page has not done it yet. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  return (await existing?.pushManager.getSubscription()) ?? null;
}

/** Stores the browser's subscription for the signed-in customer (again: the API may have forgotten it). */
export async function saveSubscription(subscription: PushSubscription): Promise<void> {
  await apiRequest(PUSH_SUBSCRIPTION_PATH, { method: 'POST', body: subscription.toJSON() });
}

/**
 * Asks the customer's permission, subscribes the browser and stores it. 'blocked' when notifications are
 * refused (now or earlier, in the browser's settings).
 */
export async function turnOnNotifications(publicKey: string): Promise<'on' | 'blocked'> {
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return 'blocked';
  const worker = await registration();
  await navigator.serviceWorker.ready;
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await saveSubscription(subscription);
  return 'on';
}

export async function turnOffNotifications(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await apiRequest(PUSH_SUBSCRIPTION_PATH, { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
