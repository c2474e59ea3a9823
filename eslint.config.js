import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Every folder of client/src/features is a feature, read at load: a new one is kept apart from
// the others the moment it exists, without anyone remembering to list it here.
const features = readdirSync(new URL('./client/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The architecture, kept by the linter: each zone says which folder may not import from which.
 * Paths are resolved, so `../../app/routes` and `client/src/app/routes` are the same import.
 */
const boundaries = [
  // The browser bundle never reaches server code (it would also carry secrets' names in).
  {
    target: './client',
    from: './server',
    message: 'The client talks to the server over HTTP and the socket only.',
  },
  // shared/ is imported by both sides, so it depends on libraries and itself only.
  {
    target: './shared',
    from: ['./client', './server', './tests', './scripts'],
    message: 'shared/ imports only libraries and shared/.',
  },
  // Features are composed by pages in app/; they never reach up into app/ or across to each other.
  {
    target: './client/src/features',
    from: './client/src/app',
    message: 'Features do not import app/: pages compose features.',
  },
  ...features.map((feature) => ({
    target: `./client/src/features/${feature}`,
    from: './client/src/features',
    except: [`./${feature}`],
    message:
      'Features do not import each other: move what both need to lib/ or components/, or compose them in a page.',
  })),
  // Plain building blocks stay below the features.
  {
    target: ['./client/src/lib', './client/src/components'],
    from: ['./client/src/features', './client/src/app'],
    message: 'lib/ and components/ sit below the features.',
  },
  // The data layer stores and reads; it knows nothing of the AI roles that use it.
  { target: './server/db', from: './server/ai', message: 'db/ does not import ai/.' },
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
    },
  },
  {
    // Modules never import each other in a loop, type-only imports included: a loop means one
    // of them holds what belongs below both (decision 031). The plugin reads only the
    // extensions listed here, and libraries are not followed (their loops are not ours).
    files: ['client/**/*.{ts,tsx}', 'server/**/*.ts', 'shared/**/*.ts'],
    settings: { 'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // One naming convention everywhere: camelCase modules, PascalCase React component files.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['client/src/main.tsx'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,js,mjs}': 'CAMEL_CASE', '**/*.tsx': 'PASCAL_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'CAMEL_CASE' }],
    },
  },
  {
    // Tests read JSON bodies loosely; the assertions are the type check there.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
