import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code of `text` as an SVG (the players' app draws its agent links' codes the same way, with
 * the same library): dark modules on a white square with the quiet zone scanners need.
 */
export function QrCode({ text, size = 196, label }: { text: string; size?: number; label: string }) {
  const { path, dim } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, dim: qr.size };
  }, [text]);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${dim} ${dim}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="enrol-qr"
    >
      <rect width={dim} height={dim} fill="#fff" />
      <path d={path} fill="#0b1020" />
    </svg>
  );
}
