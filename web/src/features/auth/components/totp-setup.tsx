/** The secret of an otpauth:// URI, for typing into an authenticator app by hand. */
export function otpauthSecret(uri: string | undefined): string | null {
  if (!uri?.startsWith('otpauth://')) return null;
  try {
    return new URL(uri).searchParams.get('secret');
  } catch {
    return null;
  }
}

/** Groups of four characters, as authenticator apps show them. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Setting up an authenticator app: the server's QR image (a data: URL, so no QR library here) and
 * the secret for entering it by hand. Only data:image URLs are shown.
 */
export function TotpSetup({ qrCode, otpauthUri }: { qrCode?: string; otpauthUri?: string }) {
  const secret = otpauthSecret(otpauthUri);
  const image = qrCode?.startsWith('data:image/') ? qrCode : null;
  return (
    <div className="qr-panel">
      <p>Scan this QR code with your authenticator app, then enter the 6-digit code it shows.</p>
      {image && <img src={image} alt="QR code for your authenticator app" width="200" height="200" />}
      {secret && (
        <p>
          Can&apos;t scan it? Enter this key in the app instead: <code>{grouped(secret)}</code>
        </p>
      )}
    </div>
  );
}
