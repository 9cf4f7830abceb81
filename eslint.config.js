// ESLint (flat config): typescript-eslint's recommended rules, React hooks, and the import
// boundaries that keep the layers apart (docs/decisions/020-lint-boundaries.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Browser: a feature never imports another feature; shared code never imports features or the app. */
const webZones = [
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: compose them in web/src/app.',
  })),
  {
    target: ['./web/src/features', './web/src/lib', './web/src/components', './web/src/config', './web/src/testing'],
    from: './web/src/app',
    message: 'Only the app imports from web/src/app.',
  },
  {
    target: ['./web/src/lib', './web/src/components', './web/src/config', './web/src/testing'],
    from: './web/src/features',
    message: 'Shared code (lib, components, config, testing) does not import features.',
  },
];

/** Server: routes → services → repositories → db, never back; common/ imports nothing of either side. */
const serverZones = [
  {
    target: ['./server/src/repositories', './server/src/db', './server/src/domain'],
    from: ['./server/src/routes', './server/src/plugins', './server/src/services'],
    message: 'The data layer does not import routes, plugins or services.',
  },
  {
    target: './server/src/services',
    from: './server/src/routes',
    message: 'Services do not import routes.',
  },
  {
    // Everything but the app and the routes themselves: nothing below the HTTP layer reaches up into it.
    target: [
      './server/src/plugins',
      './server/src/auth',
      './server/src/sharing',
      './server/src/indexnow',
      './server/src/scheduler',
      './server/src/images',
      './server/src/rendering',
      './server/src/seed',
      './server/src/telemetry',
    ],
    from: './server/src/routes',
    message: 'Only the app and other routes import routes: move shared code to services/ or plugins/.',
  },
  {
    target: ['./server/src/repositories', './server/src/db', './server/src/domain'],
    from: [
      './server/src/sharing',
      './server/src/indexnow',
      './server/src/scheduler',
      './server/src/images',
      './server/src/seed',
    ],
    message: 'The data layer does not import the features that use it.',
  },
  {
    target: './common',
    from: ['./server', './web', './scripts', './e2e'],
    message: 'common/ is shared by the browser and the server: it imports neither.',
  },
  {
    target: './web/src',
    from: ['./server', './scripts'],
    message: 'The browser bundle never imports server code.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'backups/**',
      'node_modules/**',
      'test-results/**',
      '.bench/**',
      'web/public/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.cts', '.mts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json', alwaysTryTypes: true })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones] }],
    },
  },
  {
    // One Database type (server/src/db/schema.ts) covers every table: a double cast hides a type that does not fit.
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-support/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSAsExpression.expression > TSUnknownKeyword.typeAnnotation',
          message: "No 'as unknown as' in the server: type the value (one Database type, typed helpers) instead.",
        },
        {
          selector:
            "ImportExpression[source.value='sharp'], ImportDeclaration[source.value='sharp'][importKind!='type']",
          message: 'Load sharp with loadSharp() (server/src/images/sharp.ts): its settings hold for every caller.',
        },
      ],
    },
  },
  {
    // All SQL lives in the data layer: repositories/ (the app's, sharing's and live blogs' own), db/ (connections,
    // migrations, schema) and the job engines. Everything else calls a repository method (decision 019).
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/repositories/**',
      'server/src/sharing/repositories/**',
      'server/src/live/repositories/**',
      'server/src/live-blog/repositories/**',
      'server/src/db/**',
      'server/src/jobs/*-engine.ts',
      '**/*.test.ts',
      '**/test-support/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSAsExpression.expression > TSUnknownKeyword.typeAnnotation',
          message: "No 'as unknown as' in the server: type the value (one Database type, typed helpers) instead.",
        },
        {
          selector:
            "ImportExpression[source.value='sharp'], ImportDeclaration[source.value='sharp'][importKind!='type']",
          message: 'Load sharp with loadSharp() (server/src/images/sharp.ts): its settings hold for every caller.',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/]',
          message: 'Queries live in server/src/repositories/: call a repository method.',
        },
        {
          selector: 'TaggedTemplateExpression[tag.name="sql"]',
          message: 'SQL lives in server/src/repositories/: call a repository method.',
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Kysely's migrations take a Kysely<any>: they run against the schema as it was, not as it is typed now.
    files: ['server/src/db/migrations/**', 'scripts/migrate-data.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests may reach across features and layers to arrange what they check.
    files: ['**/*.test.{ts,tsx}', 'e2e/**', '**/test-support/**'],
    rules: {
      'import-x/no-restricted-paths': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
