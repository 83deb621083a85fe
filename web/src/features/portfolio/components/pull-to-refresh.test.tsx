import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PullToRefresh } from './pull-to-refresh';

describe('PullToRefresh', () => {
  it('is not part of the first render, and is there once the browser has been idle', async () => {
    const { container } = render(<PullToRefresh disabled={false} onRefresh={vi.fn()} />);
    // Issue 13: the refresher's element and gesture set-up stay out of the task that first
    // renders the home.
    expect(container.querySelector('ion-refresher')).toBeNull();
    await waitFor(() => expect(container.querySelector('ion-refresher')).not.toBeNull());
    expect(container.querySelector('ion-refresher-content')).not.toBeNull();
  });
});
