import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * The QR code of a link (an SVG, no image fetched): the agents' registration links and the
 * referral page's. Here in shared/, not in the agent centre's index: re-exported there it shared a
 * chunk with the agent centre's loaders, so every logged-in page (the member bar imports those)
 * loaded the QR library too, and the build counted a chunk the referral page loads as the agent
 * centre's (decision 029).
 *
 * A QR code of `text` as an SVG of its dark modules (one path), drawn dark on a light square with
 * the quiet zone the scanners need; `label` names it for screen readers.
 */
export function QrCode({ text, size = 180, label }: { text: string; size?: number; label: string }) {
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
      data-testid="agent-qr"
    >
      <rect width={dim} height={dim} fill="#fff" />
      <path d={path} fill="#0a0f1e" />
    </svg>
  );
}
