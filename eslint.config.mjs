// ESLint for the web app and the native bridges (flat config; `npm run lint -w web`,
// `npm run lint -w mobile`, and `make lint` in `make test`). Zero warnings allowed.
//
// The layering of web/README.md is enforced here, not only described: imports flow
// shared -> features -> app. shared imports neither features nor app; a feature imports shared
// and never app; a feature reaches another feature only through that feature's index.ts.
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const FEATURES = ['advisers', 'auth', 'clients', 'core', 'portfolio', 'session'];
const web = (path) => `./web/src/${path}`;
const NATIVE_PLUGINS = { group: ['@capacitor/*', '@capacitor-community/*', '@aparajita/*'], message: 'Native plugins are reached through @portal/mobile.' };
const HIGHCHARTS = { group: ['highcharts', 'highcharts/*', '@highcharts/*'], message: 'Only web/src/shared/charts imports Highcharts (STYLE.md rule 9).' };

/** One zone per feature: the other features' folders, except their public index. */
const crossFeatureZones = FEATURES.map((feature) => ({
  target: web(`features/${feature}`),
  from: FEATURES.filter((other) => other !== feature).map((other) => web(`features/${other}`)),
  except: ['./index.ts'],
  message: 'A feature reaches another feature only through its index.ts (web/README.md, "Tree").',
}));

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'web/test-results/**', 'web/playwright-report/**', 'android/**', 'ios/**', 'backend/**', 'bin/**', 'data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Scripts and configuration run in Node.
    files: ['**/*.mjs', 'web/scripts/**', 'mobile/scripts/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'mobile/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json', '.css'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          // Zones are relative to this file, whichever folder ESLint runs from (npm -w web runs in web/).
          basePath: import.meta.dirname,
          zones: [
            { target: web('shared'), from: [web('features'), web('app')], message: 'shared imports neither features nor app.' },
            { target: web('features'), from: web('app'), message: 'A feature never imports app.' },
            ...crossFeatureZones,
          ],
        },
      ],
      // Only mobile/ imports Capacitor and the native plugins (STYLE.md rule 10); only
      // shared/charts imports Highcharts (STYLE.md rule 9: lazily, with theme and accessibility).
      'no-restricted-imports': ['error', { patterns: [NATIVE_PLUGINS, HIGHCHARTS] }],
    },
  },
  {
    files: ['web/src/shared/charts/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NATIVE_PLUGINS] }] },
  },
  {
    // Playwright fixtures take their dependencies as an object pattern, `{}` when there are none.
    files: ['web/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    // File names are kebab-case (STYLE.md rule 12); `.test`, `.d` and `.config` are extensions.
    files: ['web/src/**/*.{ts,tsx}', 'web/e2e/**/*.ts', 'web/scripts/**/*.mjs', 'mobile/src/**/*.ts', 'mobile/scripts/**/*.mjs'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { 'web/src/**/': 'KEBAB_CASE', 'mobile/src/**/': 'KEBAB_CASE' }],
    },
  },
);
