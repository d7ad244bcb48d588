// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/** Every way of naming a Node built-in: `fs`, `fs/promises`, `node:fs`, `node:sqlite`. */
const nodeBuiltins = [
  ...new Set([
    ...builtinModules,
    ...builtinModules.map((m) => (m.startsWith('node:') ? m : `node:${m}`)),
    'node:*',
  ]),
];

const noNode = {
  group: nodeBuiltins,
  message: 'This room runs without Node: no node:* or built-in module imports here.',
};
const noElectron = {
  group: ['electron', 'electron/*', '@electron/*', '**/desktop/**', '../desktop', '../../desktop'],
  message: 'Only desktop/ may import Electron or the main-process code.',
};
const noElectronRuntime = {
  group: ['electron', 'electron/*', '@electron/*'],
  message:
    'Only desktop/electron/ may import Electron: desktop/main/ and desktop/web/ also run in the web host, without Electron.',
};
const noHosts = {
  group: [
    '../../web',
    '../../web/*',
    '../../electron',
    '../../electron/*',
    '**/desktop/web/**',
    '**/desktop/electron/**',
  ],
  message: 'desktop/main/ serves both hosts: it never imports desktop/electron/ or desktop/web/.',
};
const noService = {
  group: ['**/service/**', '../service', '../../service'],
  message: 'The renderer talks to the main process through the bridge, never to service/ directly.',
};
const noLocalService = {
  group: ['**/service/**', '../service', '../../service', './embedded', './embedded.*'],
  message: 'The remote client depends on shared/ only: it must not load the local service or its store.',
};
const noRenderer = {
  group: ['**/renderer/**', '../renderer', '../../renderer'],
  message: 'Nothing imports the renderer: it sits at the top of the rooms (renderer -> shared).',
};

/**
 * Node's globals, which `shared/` may not use: it also runs in the renderer. Browser and language
 * globals (TextEncoder, URL, crypto.subtle) stay allowed.
 */
const nodeGlobals = [
  'Buffer',
  'process',
  'global',
  '__dirname',
  '__filename',
  'require',
  'module',
  'exports',
  'setImmediate',
  'clearImmediate',
].map((name) => ({ name, message: `shared/ runs in the renderer too: no Node global \`${name}\` here.` }));

/** True when `specifier` is matched by one of the room's forbidden groups (same globs as no-restricted-imports). */
function forbiddenBy(patterns, specifier) {
  for (const pattern of patterns) {
    for (const glob of pattern.group) {
      if (globMatches(glob, specifier)) return pattern.message;
    }
  }
  return null;
}

function globMatches(glob, specifier) {
  const source = glob
    .split('**/')
    .map((part) =>
      part
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('(?:.*/)?');
  return new RegExp(`^${source}(?:/.*)?$`).test(specifier);
}

/**
 * `no-restricted-imports` sees only static imports; this rule applies the same room patterns to
 * `import('x')`, `require('x')` and `require.resolve`-free loads, and refuses a dynamic import whose
 * module lint cannot read (a computed specifier would hide a crossing).
 */
const roomsPlugin = {
  rules: {
    'no-dynamic-crossing': {
      meta: {
        type: 'problem',
        schema: false,
        messages: {
          forbidden: '{{message}}',
          computed: 'A dynamic import in this room must name its module literally, so lint can check it.',
        },
      },
      create(context) {
        const patterns = context.options[0]?.patterns ?? [];
        const check = (node, arg) => {
          if (!arg) return;
          const specifier =
            arg.type === 'Literal' && typeof arg.value === 'string'
              ? arg.value
              : arg.type === 'TemplateLiteral' && arg.expressions.length === 0
                ? arg.quasis[0].value.cooked
                : null;
          if (specifier === null) {
            context.report({ node, messageId: 'computed' });
            return;
          }
          const message = forbiddenBy(patterns, specifier);
          if (message) context.report({ node, messageId: 'forbidden', data: { message } });
        };
        return {
          ImportExpression: (node) => check(node, node.source),
          'CallExpression[callee.type="Identifier"][callee.name="require"]': (node) =>
            check(node, node.arguments[0]),
        };
      },
    },
  },
};

/** One room: the same forbidden patterns for static imports, dynamic imports and require(). */
function room(files, patterns, extra = {}) {
  return {
    files,
    ...extra,
    plugins: { rooms: roomsPlugin },
    rules: {
      'no-restricted-imports': ['error', { patterns }],
      'rooms/no-dynamic-crossing': ['error', { patterns }],
      ...(extra.rules ?? {}),
    },
  };
}

/**
 * Room boundaries (ARCHITECTURE.md): shared <- service <- desktop; shared <- renderer.
 * Electron itself only in desktop/electron; desktop/main serves both hosts and imports neither.
 */
export const roomRules = [
  room(['shared/**/*.{ts,tsx}'], [noNode, noElectron, noService, noRenderer], {
    rules: { 'no-restricted-globals': ['error', ...nodeGlobals] },
  }),
  room(['renderer/**/*.{ts,tsx}'], [noNode, noElectron, noService], { ignores: ['renderer/vite.config.ts'] }),
  room(['service/**/*.{ts,tsx}'], [noElectron, noRenderer]),
  room(['desktop/main/**/*.{ts,tsx}'], [noElectronRuntime, noRenderer, noHosts]),
  room(['desktop/web/**/*.{ts,tsx}', 'desktop/*.ts'], [noElectronRuntime, noRenderer]),
  room(['desktop/electron/**/*.{ts,tsx}'], [noRenderer]),
  // The remote client talks HTTP and depends on shared/ only: it must not load the local service.
  room(
    ['desktop/main/client/remote.ts', 'desktop/main/client/types.ts', 'desktop/main/client/url.ts'],
    [noElectronRuntime, noRenderer, noHosts, noLocalService],
  ),
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'dist/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...roomRules,
  prettier,
);
