/**
 * Draws QR codes off the main thread: encoding one (its eight masks scored in turn) is a task of tens of
 * milliseconds on a phone, which would block taps while the order page appears (decision 0018).
 */
import { qrPath } from './qr-path';

const scope = self as unknown as { onmessage: ((event: MessageEvent<string>) => void) | null; postMessage(value: unknown): void };

scope.onmessage = (event) => {
  scope.postMessage(qrPath(event.data));
};
