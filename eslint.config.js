import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of the architecture: the domain stands alone, the web never reaches the server. */
const boundaries = {
  domain: ['#server/*', '#web/*', '**/server/**', '**/web/**', 'react', 'react-dom', 'fastify', 'drizzle-orm', 'drizzle-orm/*'],
  web: ['#server/*', '**/server/**', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'pg', 'sharp'],
  server: ['#web/*', '**/web/**', 'react', 'react-dom'],
};

const restrict = (patterns) => ({
  'no-restricted-imports': [
    'error',
    { patterns: patterns.map((group) => ({ group: [group], message: 'This import crosses an architecture boundary.' })) },
  ],
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-output/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-console': ['error', { allow: ['info', 'warn', 'error'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['src/domain/**'], rules: restrict(boundaries.domain) },
  { files: ['src/server/**'], rules: restrict(boundaries.server) },
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...restrict(boundaries.web), 'no-console': 'error' },
  },
  {
    files: ['src/server/**'],
    plugins: { drizzle },
    rules: {
      // A delete or update without `where` would touch every row.
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
);
