import { useState } from 'react';
import { Link } from 'react-router-dom';
import { COOKIE_POLICY_PATH } from '../features/core/text-page-paths';
import { hasConsent, migrateLegacyConsent, storeConsent } from './cookie-consent';

export function CookieNotice() {
  const [visible, setVisible] = useState(() => {
    migrateLegacyConsent();
    return !hasConsent();
  });
  if (!visible) return null;
  return (
    <section className="cookie-notice" aria-label="Cookie notice">
      <div className="cookie-notice__inner">
        <p>
          We use only the cookies needed to keep you securely logged in and to remember this notice.{' '}
          <Link to={COOKIE_POLICY_PATH}>Read our cookie policy</Link>
        </p>
        <button
          type="button"
          className="button"
          onClick={() => {
            storeConsent();
            setVisible(false);
          }}
        >
          OK
        </button>
      </div>
    </section>
  );
}
