import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_ERROR_TEXT, CHUNK_ERROR_TITLE, ChunkErrorBoundary } from './chunk-error-boundary';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, lazyChunk, loadChunk } from './lazy-chunk';

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('resolves with the module when it loads in time', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('fails with ChunkLoadError "missing" when the import fails', async () => {
    const failure = loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failure).rejects.toMatchObject({ name: 'ChunkLoadError', reason: 'missing' });
  });

  it('fails with ChunkLoadError "timeout" after 120 seconds, not before', async () => {
    vi.useFakeTimers();
    let settled: unknown = null;
    loadChunk(() => new Promise(() => undefined)).catch((error: unknown) => (settled = error));
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toMatchObject({ reason: 'timeout' });
  });
});

describe('ChunkErrorBoundary', () => {
  it('shows the reload message when a lazy page fails to load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyChunk<object>(() => Promise.reject(new TypeError('Failed to fetch')));
    render(
      <ChunkErrorBoundary>
        <Suspense fallback={<p>Loading</p>}>
          <Broken />
        </Suspense>
      </ChunkErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: CHUNK_ERROR_TITLE })).toBeInTheDocument();
    expect(screen.getByText(CHUNK_ERROR_TEXT.missing)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('lets other errors through', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Throws = () => {
      throw new Error('not a chunk');
    };
    expect(() =>
      render(
        <ChunkErrorBoundary>
          <Throws />
        </ChunkErrorBoundary>,
      ),
    ).toThrow('not a chunk');
  });
});
