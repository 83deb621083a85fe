interface Props {
  html: string;
  className?: string;
}

/**
 * HTML from the site configuration that the portal has already sanitised: the Go server cleans
 * site-config.json's HTML fields with bluemonday before sending it
 * (backend/internal/spa/site_config_html.go). Used for the footer's copyright, so the login route
 * does not load a sanitiser; pages off the login route still pass configuration HTML through
 * SanitizedHtml (DOMPurify), and HTML from API answers always does.
 */
export function ConfigHtml({ html, className }: Props) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
