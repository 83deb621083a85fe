import { act, render, screen } from '@testing-library/react';
import { fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast, type ToastInput } from './toast';

function Trigger({ toast }: { toast: ToastInput }) {
  const { show } = useToast();
  return (
    <button type="button" onClick={() => show(toast)}>
      show
    </button>
  );
}

afterEach(() => vi.useRealTimers());

describe('toast', () => {
  it('announces in a live region and disappears after 6 seconds', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger toast={{ kind: 'info', title: 'Saved', message: 'Your changes were saved.' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.querySelector('[aria-live]')).toHaveTextContent('Your changes were saved.');
    // Only error toasts can be dismissed.
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5999));
    expect(screen.getByText('Your changes were saved.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Your changes were saved.')).not.toBeInTheDocument();
  });

  it('lets the user dismiss an error toast', () => {
    render(
      <ToastProvider>
        <Trigger toast={{ kind: 'error', title: 'An error has occurred', message: 'Please try again.' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Please try again.')).not.toBeInTheDocument();
  });

  it('shows the same message once', () => {
    render(
      <ToastProvider>
        <Trigger toast={{ kind: 'error', message: 'Same' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getAllByText('Same')).toHaveLength(1);
  });
});
