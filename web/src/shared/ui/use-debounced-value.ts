import { useEffect, useState } from 'react';

/**
 * The value once it has stayed the same for `delayMs`; `flush` takes the current value at once
 * (a submitted form does not wait).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, () => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return undefined;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, settled, delayMs]);
  return [settled, () => setSettled(value)];
}
