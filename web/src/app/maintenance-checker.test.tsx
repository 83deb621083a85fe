import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../shared/api/query-client';
import { SiteConfigProvider } from '../shared/config/site-config-context';
import { testConfig } from '../test/render-with-providers';
import { HealthCheckProvider, MaintenanceChecker, checkHealth } from './maintenance-checker';

const answer = (status: number, body?: unknown) =>
  vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status })) as unknown as typeof fetch & ReturnType<typeof vi.fn>;

describe('checkHealth', () => {
  it('reads BAD as maintenance, OK as healthy, a disabled endpoint as disabled', async () => {
    expect(await checkHealth(answer(200, { status: 'BAD' }))).toBe('maintenance');
    expect(await checkHealth(answer(200, { status: 'OK' }))).toBe('ok');
    expect(await checkHealth(answer(403, { api_message: 'endpoint disabled' }))).toBe('disabled');
  });

  it('is unknown when the check fails, never maintenance', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('network');
    }) as unknown as typeof fetch;
    expect(await checkHealth(failing)).toBe('unknown');
    expect(await checkHealth(answer(500))).toBe('unknown');
  });
});

/** One app: the provider above routes whose anonymous page can be left and opened again. */
function App({ fetchImpl, children }: { fetchImpl: typeof fetch; children?: ReactNode }) {
  // The site configuration's provider needs a query client; the health check does not use it.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
    <MemoryRouter initialEntries={['/login']} future={{ v7_relativeSplatPath: true, v7_startTransition: false }}>
      <SiteConfigProvider initialConfig={testConfig} loading={null} renderError={() => null}>
        <HealthCheckProvider fetchImpl={fetchImpl}>
          <Routes>
            <Route path="/login" element={<Toggle />} />
            <Route path="/maintenance" element={<p>Under maintenance</p>} />
          </Routes>
          {children}
        </HealthCheckProvider>
      </SiteConfigProvider>
    </MemoryRouter>
    </QueryClientProvider>
  );
}

/** The login page under the checker, which a button unmounts and mounts again (a route change). */
function Toggle() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown(!shown)}>
        toggle
      </button>
      {shown && (
        <MaintenanceChecker>
          <p>Login form</p>
        </MaintenanceChecker>
      )}
    </>
  );
}

describe('MaintenanceChecker', () => {
  it('sends the user to the maintenance page on BAD', async () => {
    render(<App fetchImpl={answer(200, { status: 'BAD' })} />);
    expect(await screen.findByText('Under maintenance')).toBeInTheDocument();
  });

  it('keeps the answer in the app, not the module: each app asks once, a new app asks afresh', async () => {
    const bad = answer(200, { status: 'BAD' });
    const first = render(<App fetchImpl={bad} />);
    expect(await screen.findByText('Under maintenance')).toBeInTheDocument();
    first.unmount();
    const good = answer(200, { status: 'OK' });
    render(<App fetchImpl={good} />);
    expect(await screen.findByText('Login form')).toBeInTheDocument();
    await vi.waitFor(() => expect(good).toHaveBeenCalledTimes(1));
    expect(bad).toHaveBeenCalledTimes(1);
  });

  it('asks once however often the anonymous pages mount again', async () => {
    const ok = answer(200, { status: 'OK' });
    render(<App fetchImpl={ok} />);
    await vi.waitFor(() => expect(ok).toHaveBeenCalledTimes(1));
    const toggle = screen.getByRole('button', { name: 'toggle' });
    fireEvent.click(toggle);
    expect(screen.queryByText('Login form')).toBeNull();
    fireEvent.click(toggle);
    expect(await screen.findByText('Login form')).toBeInTheDocument();
    expect(ok).toHaveBeenCalledTimes(1);
  });

  it('asks again at the next mount when the check failed (the state stays unknown)', async () => {
    const failing = answer(500);
    render(<App fetchImpl={failing} />);
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(1));
    const toggle = screen.getByRole('button', { name: 'toggle' });
    // A mount while the first check is still under way joins it; once it has failed, the next
    // mount asks again (one new mount per try, so at most one new call).
    await vi.waitFor(() => {
      fireEvent.click(toggle);
      fireEvent.click(toggle);
      expect(failing).toHaveBeenCalledTimes(2);
    });
    expect(screen.getByText('Login form')).toBeInTheDocument();
  });
});
