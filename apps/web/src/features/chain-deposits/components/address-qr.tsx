import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';

/**
 * A QR code of a deposit address, drawn in the browser (an SVG, so no canvas is needed), dark on a
 * white ground whatever the theme, as wallet scanners expect.
 */
export function AddressQr({ address, alt }: { readonly address: string; readonly alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setSrc(null);
    QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (svg) => {
        if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [address]);
  if (!src) return <Skeleton className="size-40 shrink-0" />;
  return <img src={src} alt={alt} className="size-40 shrink-0 rounded-md bg-white p-2" />;
}
