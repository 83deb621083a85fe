import { afterEach, describe, expect, it } from 'vitest';
import { handOffLoginShell, sentPageOnScreen } from './login-shell-handoff';

const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

afterEach(() => {
  document.body.innerHTML = '';
});

function page() {
  document.body.innerHTML = '<div id="login-shell"><main class="login"></main></div><div id="root"></div>';
  return document.getElementById('root')!;
}

describe('handOffLoginShell', () => {
  it('keeps the shell while the app shows only a loading screen, and removes it with the first page', async () => {
    const root = page();
    handOffLoginShell(root);
    root.innerHTML = '<main class="loading-screen"><p>Checking your session…</p></main>';
    await settle();
    expect(document.getElementById('login-shell')).not.toBeNull();
    root.innerHTML = '<main id="main-content" class="login"></main><footer></footer>';
    await settle();
    expect(document.getElementById('login-shell')).toBeNull();
  });

  it('waits for a loading screen nested in the layout (the footer around "Checking your session")', async () => {
    const root = page();
    handOffLoginShell(root);
    root.innerHTML = '<div><main class="loading-screen"></main></div><footer></footer>';
    await settle();
    expect(document.getElementById('login-shell')).not.toBeNull();
    root.querySelector('.loading-screen')!.replaceWith(document.createElement('main'));
    await settle();
    expect(document.getElementById('login-shell')).toBeNull();
  });

  it('does nothing without a shell (any other route, or an index.html from the service worker)', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root')!;
    const stop = handOffLoginShell(root);
    root.innerHTML = '<main></main>';
    await settle();
    stop();
    expect(root.innerHTML).toBe('<main></main>');
  });

  it('hands the signed-in frame over to the signed-in shell, even while the shell loads its content', async () => {
    document.body.innerHTML = '<div id="signed-in-frame"><section class="cookie-notice"></section></div><div id="root"></div>';
    const root = document.getElementById('root')!;
    handOffLoginShell(root);
    root.innerHTML = '<main class="loading-screen"><p>Checking your session…</p></main>';
    await settle();
    expect(document.getElementById('signed-in-frame')).not.toBeNull();
    root.innerHTML = '<ion-app class="app-shell"><main class="loading-screen"><p>Loading your details</p></main></ion-app>';
    await settle();
    expect(document.getElementById('signed-in-frame')).toBeNull();
  });
});

describe('sentPageOnScreen', () => {
  it('is true under the login shell and under the signed-in frame, false under an empty page', () => {
    document.body.innerHTML = '<div id="login-shell"></div><div id="root"></div>';
    expect(sentPageOnScreen()).toBe(true);
    // The signed-in frame (a section's page with a session cookie): the app's first render is a
    // transition there too, sliced instead of one long task (issue 13, /clients/home).
    document.body.innerHTML = '<div id="signed-in-frame"></div><div id="root"></div>';
    expect(sentPageOnScreen()).toBe(true);
    document.body.innerHTML = '<div id="root"></div>';
    expect(sentPageOnScreen()).toBe(false);
  });
});
