/**
 * The portal sends /login with the login page already in it (#login-shell: branding, the form's
 * frame, the footer; backend/internal/spa/login_shell.go), inert and hidden from assistive
 * technology, and hides the app's root while it is there (global.css). This removes the shell in
 * the same frame as the app first shows a page of its own, that is the first commit with no
 * loading screen in it (the login page, or wherever the app decides to go instead), so the page
 * is never blank, never doubled and never read out twice. A MutationObserver's callback runs
 * before the browser paints the mutation. Returns a function that stops watching.
 */
export function handOffLoginShell(root: HTMLElement, doc: Document = document): () => void {
  const shell = doc.getElementById('login-shell');
  if (!shell) return () => undefined;
  const pageShown = () => root.firstElementChild !== null && root.querySelector('.loading-screen') === null;
  const observer = new MutationObserver(() => {
    if (!pageShown()) return;
    shell.remove();
    observer.disconnect();
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
