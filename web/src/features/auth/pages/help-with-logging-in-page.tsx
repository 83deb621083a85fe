import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { ForgottenPassword } from '../components/forgotten-password';
import { ForgottenUsername } from '../components/forgotten-username';

/** Help with logging in (spec 1 §2): the forgotten-password and forgotten-username blocks. */
export default function HelpWithLoggingInPage() {
  usePageTitle('Help with logging in');
  return (
    <div className="page-card">
      <h1>Help with logging in</h1>
      <section className="help-section" aria-labelledby="forgotten-password-heading">
        <h2 id="forgotten-password-heading">Forgotten your password?</h2>
        <ForgottenPassword />
      </section>
      <section className="help-section" aria-labelledby="forgotten-username-heading">
        <h2 id="forgotten-username-heading">Forgotten your username?</h2>
        <ForgottenUsername />
      </section>
      <p className="help-section">
        <Link to="/login">Return to login</Link>
      </p>
    </div>
  );
}
