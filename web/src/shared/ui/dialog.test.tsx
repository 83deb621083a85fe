import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

function Harness({ onEscape }: { onEscape?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div data-testid="page">
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      </div>
      <section data-keep-live="" data-testid="toasts" />
      {open && (
        <Dialog
          title="Confirm"
          description={<p>Are you sure?</p>}
          onEscape={() => {
            onEscape?.();
            setOpen(false);
          }}
        >
          <button type="button">First</button>
          <button type="button" onClick={() => setOpen(false)}>
            Last
          </button>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('is a labelled modal that keeps focus inside, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    const onEscape = vi.fn();
    render(<Harness onEscape={onEscape} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Are you sure?');
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    expect(screen.getByTestId('page')).toHaveAttribute('inert');
    expect(screen.getByTestId('toasts')).not.toHaveAttribute('inert');

    await user.tab();
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(onEscape).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('page')).not.toHaveAttribute('inert');
    expect(opener).toHaveFocus();
  });
});
