/**
 * 'Lưu ảnh QR': the order's VietQR as a PNG, with what a customer needs printed under it in large type
 * (bank, account number, holder, amount, memo), for a banking app that reads a QR from the gallery (all
 * the major Vietnamese ones do) or a customer who types the transfer in by hand. Loaded on the button's
 * first use: the order page does not carry it.
 */
import { computeQrPath } from './compute-qr';

export interface TransferImageInput {
  /** The order's pay_qr_code. */
  qr: string;
  /** Label and value, one line each, under the code. */
  lines: readonly { label: string; value: string }[];
}

const WIDTH = 720;
const MARGIN = 40;
/** The code's side, quiet zone included (4 modules each side, as the QR standard asks). */
const QR_BOX = WIDTH - 2 * MARGIN - 80;
const LABEL_FONT = '28px system-ui, "Segoe UI", Roboto, Arial, sans-serif';
const VALUE_FONT = 'bold 40px system-ui, "Segoe UI", Roboto, Arial, sans-serif';
const LABEL_HEIGHT = 36;
const VALUE_HEIGHT = 52;
const LINE_GAP = 16;

/** Cuts a value to the width, with an ellipsis (a holder's name longer than a line). */
function fitted(context: CanvasRenderingContext2D, text: string, width: number): string {
  if (context.measureText(text).width <= width) return text;
  let end = text.length;
  while (end > 1 && context.measureText(`${text.slice(0, end)}…`).width > width) end--;
  return `${text.slice(0, end)}…`;
}

/** Draws the image on `canvas` (resized to fit): white, the code centred on top, the lines under it. */
export async function drawTransferImage(canvas: HTMLCanvasElement, input: TransferImageInput): Promise<void> {
  const path = await computeQrPath(input.qr);
  const modules = path.size + 8;
  const scale = Math.floor(QR_BOX / modules);
  const box = modules * scale;
  const textTop = MARGIN + box + 24;
  canvas.width = WIDTH;
  canvas.height = textTop + input.lines.length * (LABEL_HEIGHT + VALUE_HEIGHT + LINE_GAP) + MARGIN;

  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d unavailable');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);

  context.save();
  context.translate(Math.round((WIDTH - box) / 2) + 4 * scale, MARGIN + 4 * scale);
  context.scale(scale, scale);
  context.fillStyle = '#000000';
  context.fill(new Path2D(path.d));
  context.restore();

  context.textBaseline = 'top';
  context.textAlign = 'left';
  let y = textTop;
  for (const { label, value } of input.lines) {
    context.font = LABEL_FONT;
    context.fillStyle = '#555555';
    context.fillText(label, MARGIN, y);
    y += LABEL_HEIGHT;
    context.font = VALUE_FONT;
    context.fillStyle = '#000000';
    context.fillText(fitted(context, value, WIDTH - 2 * MARGIN), MARGIN, y);
    y += VALUE_HEIGHT + LINE_GAP;
  }
}

/** The image as a PNG file named after the order (`{code}.png`). */
export async function transferImageFile(input: TransferImageInput, code: string): Promise<File> {
  const canvas = document.createElement('canvas');
  await drawTransferImage(canvas, input);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((result) => (result ? resolve(result) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
  return new File([blob], `${code}.png`, { type: 'image/png' });
}

/**
 * Offers the image to the phone's share sheet (straight into a banking app) where the Web Share API takes
 * files, else downloads it. Resolves 'shared', 'downloaded' or 'cancelled' (the customer closed the sheet).
 */
export async function saveTransferImage(file: File, title: string): Promise<'shared' | 'downloaded' | 'cancelled'> {
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Refused (no user gesture left, a policy): downloading still works.
    }
  }
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the next task; the URL is no longer needed then.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'downloaded';
}
