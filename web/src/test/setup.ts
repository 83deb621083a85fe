import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The first test that opens the signed-in area loads Ionic lazily; give it time on slow machines.
configure({ asyncUtilTimeout: 5000 });
