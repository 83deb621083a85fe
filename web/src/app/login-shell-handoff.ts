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
  // A section's page is sent with the signed-in frame instead (#signed-in-frame: the shell's header
  // and cookie notice; backend/internal/spa/signed_in_frame.go), handed over the same way. The
  // signed-in shell is a page of the app's own as soon as it is there, while its content still
  // loads ("Loading your details"): that is when it paints today.
  const shell = sentShell(doc);
  if (!shell) return () => undefined;
  const pageShown = () =>
    root.firstElementChild !== null && (root.querySelector('.app-shell') !== null || root.querySelector('.loading-screen') === null);
  const observer = new MutationObserver(() => {
    if (!pageShown()) return;
    shell.remove();
    observer.disconnect();
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/** The page the portal sent ahead of the app (the login shell or the signed-in frame), if any. */
function sentShell(doc: Document): HTMLElement | null {
  return doc.getElementById('login-shell') ?? doc.getElementById('signed-in-frame');
}

/**
 * Whether the portal sent a page that is on screen while the app starts (the login shell, or a
 * section page's signed-in frame). Then nothing waits for the app's first render, so main.tsx
 * renders it, and the session's and configuration's answers, as transitions: React renders them
 * in slices and yields to the browser between slices, instead of long tasks (issue 13: total
 * blocking time on /login and /clients/home).
 */
export function sentPageOnScreen(doc: Document = document): boolean {
  return sentShell(doc) !== null;
}
