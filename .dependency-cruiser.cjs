// The import rules of the server and the web client. `npm run deps` checks them (in CI through
// `npm run lint`): no cycles, and every import goes down the layers written in
// apps/server/README.md and apps/web/README.md.
const S = '^apps/server/src/';
const W = '^apps/web/src/';
const serverApp = `${S}(app|compose|main|config)\\.ts$|${S}(plugins|cli)/`;

/** A server layer may import only the layers listed after it. */
const serverLayers = [
  // [layer, what it must not import]
  ['core', `${S}(?!core/)`],
  ['lib', `${S}(?!lib/|core/)`],
  ['db', `${S}(?!db/|core/|lib/)`],
  ['bus', `${S}(?!bus/|core/|lib/)`],
  ['media', `${S}(?!media/|core/|lib/)`],
  ['auth', `${S}(?!auth/|core/|lib/|db/)`],
  ['modules', `${S}(station|live)/|${serverApp}`],
  ['station', `${S}live/|${serverApp}`],
  ['live', `${S}station/|${serverApp}`],
];

/** Features of the server that others build on; every other feature stands alone. */
const BASE_MODULES = 'catalog|users';

/**
 * The station's parts (apps/server/src/station/README.md): what each may import of the rest of
 * station/ besides itself. The top (station.ts, its routes and service) puts them together;
 * no part imports it, another part's internals, or a feature module.
 */
const ST = `${S}station/`;
/** What the playout shows the delivery parts: its audio format and tick, what its encoder writes. */
const PLAYOUT_OUTPUT = 'playout/(pcm|encoder)\\.ts$';
const stationParts = [
  // [part, what else of station/ it may import, why]
  ['playout', null, 'The playout knows no delivery, no lease and no station top.'],
  ['mp3', PLAYOUT_OUTPUT, "MP3 delivery reads only the playout's output, and nothing of HLS."],
  ['hls', PLAYOUT_OUTPUT, "HLS delivery reads only the playout's output, and nothing of MP3."],
  ['leader', null, 'The lease imports no playout and no delivery: it starts what it is given.'],
  [
    'live-input',
    'playout/pcm\\.ts$',
    "The live input takes sources and makes a feed in the playout's format; the top puts it on air.",
  ],
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other, directly or through others.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    ...serverLayers.map(([layer, forbidden]) => ({
      name: `server-${layer}-down-only`,
      severity: 'error',
      comment: `apps/server/src/${layer} imports only the layers below it.`,
      from: { path: `${S}${layer}/` },
      to: { path: forbidden },
    })),
    ...stationParts.map(([part, allowed, why]) => ({
      name: `server-station-${part}-apart`,
      severity: 'error',
      comment: `${why} (A test may read one part's output with another's parser.)`,
      from: { path: `${ST}${part}/`, pathNot: '\\.test\\.ts$' },
      to: { path: [`${ST}(?!${part}/${allowed ? `|${allowed}` : ''})`, `${S}modules/`] },
    })),
    {
      name: 'server-core-no-io',
      severity: 'error',
      comment: 'The domain core is pure: no Node built-ins (files, processes, network).',
      from: { path: `${S}core/`, pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-features-stand-alone',
      severity: 'error',
      comment: `A feature module imports no other feature but the base ones (${BASE_MODULES}).`,
      from: { path: `${S}modules/([^/]+)/` },
      to: {
        path: `${S}modules/`,
        pathNot: [`${S}modules/$1/`, `${S}modules/(${BASE_MODULES})/`],
      },
    },
    {
      name: 'server-base-features-one-way',
      severity: 'error',
      comment: 'catalog does not import users, so the two base features form no circle.',
      from: { path: `${S}modules/catalog/` },
      to: { path: `${S}modules/users/` },
    },
    {
      name: 'web-app-on-top',
      severity: 'error',
      comment: 'Only the entry point imports app/.',
      from: { path: W, pathNot: [`${W}app/`, `${W}main\\.tsx$`] },
      to: { path: `${W}app/` },
    },
    {
      name: 'web-features-stand-alone',
      severity: 'error',
      comment: "A feature never imports another feature's internals.",
      from: { path: `${W}features/([^/]+)/` },
      to: { path: `${W}features/`, pathNot: `${W}features/$1/` },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment: 'components/, api/ and lib/ serve the features and import none of them.',
      from: { path: `${W}(components|api|lib)/` },
      to: { path: `${W}features/` },
    },
    {
      name: 'web-lib-at-the-bottom',
      severity: 'error',
      comment: 'lib/ imports neither components/ nor api/.',
      from: { path: `${W}lib/` },
      to: { path: `${W}(components|api)/` },
    },
    {
      name: 'web-api-below-components',
      severity: 'error',
      comment: 'api/ holds endpoints; widgets in components/ use them, not the other way.',
      from: { path: `${W}api/` },
      to: { path: `${W}components/` },
    },
  ],
  options: {
    // Our sources, and Node's built-in modules (so that the core can be checked for I/O).
    includeOnly: ['^(apps/(server|web)/src|packages/contract/src)/', '^(node:)?[a-z_/]+$'],
    tsPreCompilationDeps: true,
    // Resolves the server's imports of its TypeScript files by their built names (./x.js).
    tsConfig: { fileName: 'tsconfig.deps.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      conditionNames: ['source', 'import', 'default'],
      mainFields: ['source', 'module', 'main', 'types'],
      exportsFields: ['exports'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
