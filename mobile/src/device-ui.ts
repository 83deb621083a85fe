/**
 * The status bar, safe areas and the privacy screen. Safe areas are CSS (env(safe-area-inset-*)
 * with viewport-fit=cover); the bridge sets the status bar to match the brand and hides the
 * screen's content in the app switcher, so balances are not shown in the task list.
 */
export interface DeviceUiBridge {
  /** Status bar text light or dark, over the given background colour. */
  setStatusBar(style: 'light' | 'dark', background: string): Promise<void>;
  /** Hide the app's content in the app switcher and from screenshots (Android). */
  enablePrivacyScreen(): Promise<void>;
}

/** A browser: the theme-color meta tag stands for the status bar; a hidden tab shows a cover. */
export class WebDeviceUi implements DeviceUiBridge {
  constructor(private readonly doc: Document = document) {}

  async setStatusBar(_style: 'light' | 'dark', background: string): Promise<void> {
    let meta = this.doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = this.doc.createElement('meta');
      meta.name = 'theme-color';
      this.doc.head.appendChild(meta);
    }
    meta.content = background;
  }

  async enablePrivacyScreen(): Promise<void> {
    const root = this.doc.documentElement;
    const update = () => root.classList.toggle('privacy-cover', this.doc.visibilityState === 'hidden');
    this.doc.addEventListener('visibilitychange', update);
    update();
  }
}

/** @capacitor/status-bar and @capacitor-community/privacy-screen in the shell. */
export class NativeDeviceUi implements DeviceUiBridge {
  async setStatusBar(style: 'light' | 'dark', background: string): Promise<void> {
    const { StatusBar, Style } = await import('@capacitor/status-bar');
    await StatusBar.setStyle({ style: style === 'light' ? Style.Dark : Style.Light });
    await StatusBar.setBackgroundColor({ color: background }).catch(() => undefined); // Android only
  }

  async enablePrivacyScreen(): Promise<void> {
    const { PrivacyScreen } = await import('@capacitor-community/privacy-screen');
    await PrivacyScreen.enable();
  }
}
