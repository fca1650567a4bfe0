import QRCode from 'qrcode';
import { useMemo } from 'react';
import styled from 'styled-components';

/**
 * A QR code drawn as one SVG path (no canvas, no data: URL, nothing the CSP has to allow), so it
 * prints as sharply as the text around it.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) d += `M${column + QUIET} ${row + QUIET}h1v1h-1z`;
      }
    }
    return { size: modules.size + 2 * QUIET, path: d };
  }, [value]);
  return (
    <Svg className={className} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges" data-qr-value={value}>
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </Svg>
  );
}

/** The quiet zone scanners need around the code, in modules. */
const QUIET = 2;

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: auto;
`;
