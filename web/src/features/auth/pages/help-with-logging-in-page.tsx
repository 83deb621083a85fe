import { Link } from 'react-router-dom';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { usePageTitle } from '../../../shared/ui/use-page-title';

/**
 * Help with logging in. The self-service forgotten-password and forgotten-username flows come in
 * a later issue; until then the page tells the user who can help.
 */
export default function HelpWithLoggingInPage() {
  const { settings } = useSiteConfig();
  usePageTitle('Help with logging in');
  const office = settings.firmName ? `${settings.firmName}` : "your adviser's office";
  return (
    <div className="page-card">
      <h1>Help with logging in</h1>
      <h2>Forgotten your password?</h2>
      <p>
        Please contact your adviser&apos;s office at {office}. They will check your identity and reset your
        password for you. For your security, we will never ask for your password by phone or email.
      </p>
      <h2>Forgotten your username?</h2>
      <p>
        Your adviser&apos;s office can also remind you of your username. It is usually the one shown in the
        welcome email you received when your account was set up.
      </p>
      <p>
        <Link to="/login">Return to login</Link>
      </p>
    </div>
  );
}
