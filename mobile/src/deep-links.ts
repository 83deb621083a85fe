/**
 * Deep links: App Links (Android) and Universal Links (iOS) for the portal's paths open the app
 * at that path. Only links to the portal's own host are followed.
 */
export interface DeepLinkBridge {
  onOpen(listener: (path: string) => void): () => void;
}

/**
 * The in-app path of an opened link, or null when it is not the portal's: another host, another
 * scheme, or a path that tries to leave the app.
 */
export function deepLinkPath(link: string, portalHost: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.host.toLowerCase() !== portalHost.toLowerCase()) return null;
  if (!url.pathname.startsWith('/') || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A browser follows links itself. */
export class WebDeepLinks implements DeepLinkBridge {
  onOpen(): () => void {
    return () => undefined;
  }
}

/** @capacitor/app's appUrlOpen event in the shell. */
export class NativeDeepLinks implements DeepLinkBridge {
  constructor(private readonly portalHost: string) {}

  onOpen(listener: (path: string) => void): () => void {
    let stopped = false;
    let remove: (() => Promise<void>) | null = null;
    void import('@capacitor/app').then(({ App }) =>
      App.addListener('appUrlOpen', (event) => {
        const path = deepLinkPath(event.url, this.portalHost);
        if (path) listener(path);
      }).then((handle) => {
        if (stopped) void handle.remove();
        else remove = handle.remove;
      }),
    );
    return () => {
      stopped = true;
      void remove?.();
    };
  }
}
