import { Link } from 'react-router-dom';
import { SanitizedHtml } from '../../../shared/ui/sanitized-html';

/** The contact-us block (spec 2 §2.1), shown when there is no adviser details page. */
export function ContactUs({ html, composePath }: { html: string | null; composePath: string | null }) {
  return (
    <section className="card contact-us" aria-labelledby="contact-us-heading">
      <h2 id="contact-us-heading">Contact us</h2>
      {html ? <SanitizedHtml html={html} /> : <p>If you have a question about your portfolio, your adviser is happy to help.</p>}
      {composePath && (
        <p>
          <Link className="button button--secondary" to={composePath}>
            Send your adviser a message
          </Link>
        </p>
      )}
    </section>
  );
}
