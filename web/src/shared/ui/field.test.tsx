import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { focusFirstInvalid } from './field';

function Form() {
  return (
    <form aria-label="f">
      <input aria-label="first" />
      <input aria-label="second" aria-invalid="true" />
      <button type="submit">Send</button>
    </form>
  );
}

describe('focusFirstInvalid', () => {
  it('moves focus to the first invalid field after the submit', async () => {
    render(<Form />);
    screen.getByRole('button').focus();
    focusFirstInvalid(screen.getByRole<HTMLFormElement>('form'));
    await vi.waitFor(() => expect(screen.getByLabelText('second')).toHaveFocus());
  });

  it('leaves focus where the user is already typing', async () => {
    render(<Form />);
    focusFirstInvalid(screen.getByRole<HTMLFormElement>('form'));
    screen.getByLabelText('first').focus();
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByLabelText('first')).toHaveFocus();
  });
});
