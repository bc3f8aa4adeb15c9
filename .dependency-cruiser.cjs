/**
 * The boundaries between the parts of the code, checked in CI (`npm run lint:boundaries`). Every
 * crossing fails the check: there is no list of tolerated ones.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-import-loop',
      comment:
        'No module may reach itself through its imports: a loop makes the load order matter (a value read before its module ran is undefined) and the parts inseparable.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-into-another-feature',
      comment:
        "A web feature imports the shared components and libraries and its own files; another feature only through that feature's index (its public entry).",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-shared-into-feature',
      comment: 'Shared components and libraries never depend on a feature (features depend on them).',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      // The catalog loader gathers every feature's words: text, not code.
      to: { path: '^apps/web/src/features/', pathNot: '/locales/[^/]+\\.json$' },
    },
    {
      name: 'server-module-into-another-module',
      comment:
        "A server module uses another module only through that module's service (its public entry), never its repository, routes or helpers. Tests may reach further.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '(\\.test|\\.test-support|test-helpers)\\.ts$' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        // The audit trail's entry is audit.ts: every staff write records itself through it.
        pathNot: [
          '^apps/server/src/modules/$1/',
          '^apps/server/src/modules/[^/]+/[^/]+\\.service\\.ts$',
          '^apps/server/src/modules/audit/audit\\.ts$',
        ],
      },
    },
    {
      name: 'sql-outside-repositories',
      comment:
        "A server module's statements are its repositories' (drizzle-orm is imported there): its routes take requests and answer them, its services hold the rules. The same for the session, throttle, mail, jobs, export and CSV plumbing and the server's top-level files; SQL shared by several modules' repositories lives in db/.",
      severity: 'error',
      from: {
        path: ['^apps/server/src/(modules/.+|plugins|security|mail|jobs|exports|csv)/[^/]+\\.ts$', '^apps/server/src/[^/]+\\.ts$'],
        pathNot: '(\\.repository|\\.test|\\.test-support|test-helpers|test-fixtures)\\.ts$',
      },
      to: { path: '(^|/)node_modules/drizzle-orm/' },
    },
    {
      name: 'shared-package-into-app',
      comment: 'The shared packages (domain, contracts) are used by the apps and never use them.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'domain-into-contracts',
      comment: 'The domain package is pure freight rules: the contracts build on it, not the other way round.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^packages/contracts/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages stay in the graph as leaves (doNotFollow), so a rule can name one (drizzle-orm).
    exclude: { path: '(^|/)(dist|drizzle)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
