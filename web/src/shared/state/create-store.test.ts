import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createStore, useStore } from './create-store';

describe('createStore', () => {
  it('notifies subscribers of changes only', () => {
    const store = createStore(1);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(1);
    expect(listener).not.toHaveBeenCalled();
    store.set(2);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toBe(2);
    unsubscribe();
    store.reset();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toBe(1);
  });

  it('re-renders hook users', () => {
    const store = createStore('a');
    const { result } = renderHook(() => useStore(store));
    expect(result.current).toBe('a');
    act(() => store.set('b'));
    expect(result.current).toBe('b');
  });
});
