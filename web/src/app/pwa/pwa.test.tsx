import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_TEXT, PwaNotices, UPDATE_TEXT } from './pwa-notices';
import { registerServiceWorker, updateStore } from './service-worker';

afterEach(() => {
  updateStore.reset();
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

describe('registerServiceWorker', () => {
  it('registers nothing inside the native shell or where service workers do not exist', async () => {
    expect(await registerServiceWorker({ mobileAppMode: true })).toBe(false);
    expect(await registerServiceWorker({ mobileAppMode: false, scope: { navigator: {} as Navigator } })).toBe(false);
  });
});

describe('PwaNotices', () => {
  it('says when the browser goes offline, and stops when it is back', () => {
    render(<PwaNotices />);
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
  });

  it('offers a waiting new version, which applies on Reload to update', async () => {
    const apply = vi.fn();
    render(<PwaNotices />);
    act(() => updateStore.set({ apply }));
    expect(screen.getByText(UPDATE_TEXT)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload to update' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
