import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** How long a script chunk may take to load (spec 1 §8, §9: 120 seconds). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** Why a chunk failed: it could not be fetched (missing, for instance after a deployment) or took too long. */
export type ChunkFailure = 'missing' | 'timeout';

/** A script chunk that did not load (spec 1 §8: ChunkLoadError with its reason). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly reason: ChunkFailure,
    options?: { cause?: unknown },
  ) {
    super(`Loading a part of the portal failed (${reason})`, options);
  }
}

/** Loads a chunk, failing with ChunkLoadError when the import fails or outlasts the time-out. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('missing', { cause }));
      },
    );
  });
}

/** React.lazy over loadChunk: every route and page of the app loads through it. */
export function lazyChunk<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadChunk(load));
}
