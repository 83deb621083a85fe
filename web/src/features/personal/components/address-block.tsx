import type { AddressLine } from '../address-layout';
import { mapUrl } from '../address-layout';

/** An address as lines (the adviser cards), with 'Show on map' opening a maps search in a new tab. */
export function AddressBlock({ lines, showMapText }: { lines: AddressLine[]; showMapText?: string }) {
  if (lines.length === 0) return null;
  const map = showMapText ? mapUrl(lines) : null;
  return (
    <div className="address-block">
      <address>
        {lines.map((line) => (
          <span key={line.label}>
            {line.value}
            <br />
          </span>
        ))}
      </address>
      {map && (
        <a href={map} target="_blank" rel="noopener noreferrer" className="address-block__map">
          {showMapText}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
    </div>
  );
}
