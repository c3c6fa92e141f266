import { useEffect, useState } from 'react';
import { computeQrPath } from './compute-qr';
import type { QrPath } from './qr-path';

export interface TransferQrProps {
  value: string;
  /** Width and height in CSS pixels. */
  size: number;
  label: string;
}

/**
 * A QR code drawn off the main thread (compute-qr.ts): until it is there, a box of its size holds its
 * place, so nothing moves when it appears.
 */
export function TransferQr({ value, size, label }: TransferQrProps) {
  const [path, setPath] = useState<QrPath | null>(null);
  useEffect(() => {
    let current = true;
    const draw = () =>
      void computeQrPath(value).then((drawn) => {
        if (current) setPath(drawn);
      });
    // Asked for once the browser is idle (within 200 ms): starting the worker is not added to the task
    // that runs the page's first effects.
    const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(draw, { timeout: 200 }) : undefined;
    const timer = idle === undefined ? setTimeout(draw, 0) : undefined;
    return () => {
      current = false;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [value]);

  if (!path || path.text !== value) return <div style={{ width: size, height: size }} aria-busy="true" />;
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${path.size} ${path.size}`} shapeRendering="crispEdges">
      <path fill="#FFFFFF" d={`M0 0h${path.size}v${path.size}H0z`} />
      <path fill="#000000" d={path.d} />
    </svg>
  );
}
