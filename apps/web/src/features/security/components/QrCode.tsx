import { Skeleton } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** `value` as a QR code, drawn as SVG (sharp at any zoom) in an image named by `alt`. */
export function QrCode({ value, alt, size = 200 }: { value: string; alt: string; size?: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((drawn) => {
      if (current) setSvg(drawn);
    });
    return () => {
      current = false;
    };
  }, [value]);
  if (!svg) return <Skeleton width={size} height={size} />;
  return <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={alt} width={size} height={size} />;
}
