/**
 * Getting staff's attention beside the toast: a short beep (Web Audio, no sound file) and a browser
 * notification when allowed. Both fail silently: a blocked sound or a refused notification must never
 * break the console.
 */

/** A burst of events (a reconnect replaying what was missed) beeps once. */
const BEEP_GAP_MS = 2000;

let context: AudioContext | undefined;
let lastBeep = -Infinity;

function audioContext(): AudioContext | undefined {
  if (context) return context;
  const Context = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (Context) context = new Context();
  return context;
}

/**
 * Browsers keep audio suspended until the page has had a user gesture: called from one (a click in the
 * console), this lets later beeps play.
 */
export function unlockAudio(): void {
  try {
    void audioContext()
      ?.resume()
      .catch(() => undefined);
  } catch {
    // No Web Audio: the beep stays off.
  }
}

export function beep(): void {
  const now = Date.now();
  if (now - lastBeep < BEEP_GAP_MS) return;
  lastBeep = now;
  try {
    const audio = audioContext();
    if (!audio) return;
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const start = audio.currentTime;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(880, start);
    // A quick fade in and out: an abrupt start or stop clicks.
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.32);
  } catch {
    // Blocked or unsupported: the toast still shows.
  }
}

export const canAskForNotifications = (): boolean =>
  typeof Notification !== 'undefined' && Notification.permission === 'default';

/** Shows a browser notification when the admin allowed them; `tag` replaces an earlier one about the same thing. */
export function notify(title: string, body: string, tag: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    const notification = new Notification(title, { body, tag });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    // Some mobile browsers allow notifications only from a service worker.
  }
}
