import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_KEY, hasConsent, migrateLegacyConsent } from './cookie-consent';

// public/cookie-consent-state.js runs before the page the portal sends is painted; it must agree
// with the app on whether the cookie notice shows, or the notice would appear or vanish when the
// app takes over.
const script = readFileSync(resolve(__dirname, '../../public/cookie-consent-state.js'), 'utf8');
const runScript = () => new Function(script)() as void;
const marked = () => document.documentElement.getAttribute('data-cookie-consent') === 'true';

afterEach(() => {
  document.documentElement.removeAttribute('data-cookie-consent');
  localStorage.clear();
  document.cookie = 'cookieconsent_status=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('cookie-consent-state.js', () => {
  it('marks the page exactly when the app would hide the notice', () => {
    runScript();
    expect(marked()).toBe(false);
    expect(hasConsent()).toBe(false);

    localStorage.setItem(CONSENT_KEY, 'true');
    runScript();
    expect(marked()).toBe(true);
    expect(hasConsent()).toBe(true);
  });

  it('counts the previous site\'s consent cookie, which the app migrates', () => {
    document.cookie = 'cookieconsent_status=dismiss; path=/';
    runScript();
    expect(marked()).toBe(true);
    migrateLegacyConsent();
    expect(hasConsent()).toBe(true);
  });
});

describe('cookie-consent-state.js loading the app on the page as sent', () => {
  let frames: FrameRequestCallback[];
  let observers: { callback: PerformanceObserverCallback; disconnected: boolean }[];

  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    observers = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const me = document.createElement('script');
    me.dataset.appEntry = '/assets/index-1.js';
    me.dataset.appPreload = '/assets/react-1.js';
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => me });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, 'currentScript');
    document.head.querySelectorAll('script[type=module], link[rel=modulepreload]').forEach((element) => element.remove());
  });

  /** A browser that reports paints: the test says when the first contentful one happens. */
  function reportingPaints() {
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      private readonly record: { callback: PerformanceObserverCallback; disconnected: boolean };
      constructor(callback: PerformanceObserverCallback) {
        this.record = { callback, disconnected: false };
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    return () => {
      for (const o of observers.filter((x) => !x.disconnected)) {
        const list = { getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{ name }] : []) } as unknown as PerformanceObserverEntryList;
        o.callback(list, o as unknown as PerformanceObserver);
      }
    };
  }
  const entryLoaded = () => document.head.querySelector('script[type=module][src="/assets/index-1.js"]') !== null;
  const firstFrame = () => frames.splice(0).forEach((callback) => callback(0));

  it('fetches the app only once the first contentful paint is reported, not at the first frame (issue 13)', async () => {
    const paint = reportingPaints();
    runScript();
    firstFrame();
    await vi.advanceTimersByTimeAsync(500);
    // The first frame has been and gone; its text is still waiting for the firm's font.
    expect(entryLoaded()).toBe(false);
    paint();
    await vi.advanceTimersByTimeAsync(0);
    expect(entryLoaded()).toBe(true);
    expect(document.head.querySelector('link[rel=modulepreload][href="/assets/react-1.js"]')).not.toBeNull();
    // Once only, whatever happens next.
    await vi.advanceTimersByTimeAsync(2000);
    expect(document.head.querySelectorAll('script[type=module]')).toHaveLength(1);
  });

  it('still fetches the app a second after the first frame when nothing contentful paints', async () => {
    reportingPaints();
    runScript();
    firstFrame();
    await vi.advanceTimersByTimeAsync(999);
    expect(entryLoaded()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(entryLoaded()).toBe(true);
  });

  it('fetches the app after the first frame where the browser does not report paints', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    runScript();
    expect(entryLoaded()).toBe(false);
    firstFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(entryLoaded()).toBe(true);
  });
});
