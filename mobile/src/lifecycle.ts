/** App lifecycle: the app (or tab) coming back to the foreground. */
export interface LifecycleBridge {
  /** Calls listener whenever the app resumes; returns the function that stops listening. */
  onResume(listener: () => void): () => void;
}

/** A browser tab: visible again after being hidden. */
export class WebLifecycle implements LifecycleBridge {
  constructor(private readonly doc: Document = document) {}

  onResume(listener: () => void): () => void {
    const onChange = () => {
      if (this.doc.visibilityState === 'visible') listener();
    };
    this.doc.addEventListener('visibilitychange', onChange);
    return () => this.doc.removeEventListener('visibilitychange', onChange);
  }
}

/** @capacitor/app's resume event in the shell. */
export class NativeLifecycle implements LifecycleBridge {
  onResume(listener: () => void): () => void {
    let stopped = false;
    let remove: (() => Promise<void>) | null = null;
    void import('@capacitor/app').then(({ App }) =>
      App.addListener('resume', () => listener()).then((handle) => {
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
