import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetTestQueryClient } from './render-with-providers';

afterEach(async () => {
  cleanup();
  await resetTestQueryClient();
  globalThis.localStorage?.clear(); // absent in the node environment (lint-rules.test.ts)
});

// The first test that opens the signed-in area loads Ionic lazily; give it time on slow machines.
configure({ asyncUtilTimeout: 5000 });
