import { encode } from 'uqr';

/** A QR code as one SVG path of its dark modules, in a `size` × `size` grid without a quiet zone. */
export interface QrPath {
  text: string;
  size: number;
  d: string;
}

/**
 * The QR code a banking app scans for `text`: error correction level L, raised as far as the version the
 * text needs allows (what the previous renderer, qrcode.react, drew), each row's runs of dark modules as
 * `M{x} {y}h{length}v1H{x}z`.
 */
export function qrPath(text: string): QrPath {
  const { data, size } = encode(text, { ecc: 'L', boostEcc: true, border: 0 });
  const runs: string[] = [];
  data.forEach((row, y) => {
    let start = -1;
    for (let x = 0; x <= size; x++) {
      const dark = x < size && row[x] === true;
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        runs.push(`M${start} ${y}h${x - start}v1H${start}z`);
        start = -1;
      }
    }
  });
  return { text, size, d: runs.join('') };
}
