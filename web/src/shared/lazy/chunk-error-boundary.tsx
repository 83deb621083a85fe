import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadError } from './lazy-chunk';

interface Props {
  children: ReactNode;
  /** A change (the path) clears the error, so navigating elsewhere tries again. */
  resetKey?: string;
}

interface State {
  error: ChunkLoadError | null;
  resetKey?: string;
}

export const CHUNK_ERROR_TITLE = 'This page could not be loaded';
export const CHUNK_ERROR_TEXT: Record<ChunkLoadError['reason'], string> = {
  missing: 'The portal may have been updated since you opened it. Reload the page to get the latest version.',
  timeout: 'It took too long to load. Please check your internet connection and reload the page.',
};

/**
 * Catches a ChunkLoadError of a lazy route or page and offers a reload (a new deployment removes
 * old chunks); any other error is not this boundary's and goes on up.
 */
export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    if (error instanceof ChunkLoadError) return { error };
    throw error;
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Reported without personal data: the reason and where it happened.
    console.warn(`${error.name}: ${error instanceof ChunkLoadError ? error.reason : error.message}`, info.componentStack?.split('\n')[1]?.trim());
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="page-card" role="alert">
        <h1>{CHUNK_ERROR_TITLE}</h1>
        <p>{CHUNK_ERROR_TEXT[error.reason]}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
