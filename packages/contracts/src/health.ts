import { z } from 'zod';

/** The probes' answers: /healthz (the process answers) and /readyz (it should be sent requests). */

/** GET /healthz: the process is alive. */
export const healthView = z.strictObject({ status: z.literal('ok') });

/** GET /readyz: 200 and `ok` when every check holds, else 503 and `unavailable`; each check is true when it is as it should be. */
export const readinessView = z.strictObject({
  status: z.enum(['ok', 'unavailable']),
  checks: z.strictObject({
    database: z.boolean().meta({ description: 'The database answers `select 1` within a second' }),
    migrations: z.boolean().meta({ description: 'The newest migration of this code is recorded in the database' }),
    jobs: z.boolean().meta({ description: 'The jobs loop polls (or is turned off on purpose), and no job has hung it' }),
    accepting: z.boolean().meta({ description: 'The process is not stopping' }),
  }),
});
export type ReadinessChecks = z.output<typeof readinessView>['checks'];
