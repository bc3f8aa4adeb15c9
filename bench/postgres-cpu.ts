// CPU time of the PostgreSQL backends serving one database, read from /proc (Linux; the database
// on this machine). Only that database's connections are counted, so other work on a shared
// PostgreSQL does not show; the shared writer processes (WAL writer, checkpointer) are left out.
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** CPU time (user + system) a process has used so far, in ms (clock ticks of 1/100 s). */
export function processCpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Backend pid -> CPU ms so far, for every connection to `database`. */
export async function backendCpuMs(adminUrl: string, database: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
    const byPid = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        byPid.set(pid, processCpuMs(pid));
      } catch {} // the connection closed while we looked
    }
    return byPid;
  } finally {
    await c.end();
  }
}

/** CPU the database's backends used since `before` (a backend opened since counts from 0). */
export async function backendCpuSince(adminUrl: string, database: string, before: Map<number, number>) {
  let total = 0;
  for (const [pid, ms] of await backendCpuMs(adminUrl, database)) total += ms - (before.get(pid) ?? 0);
  return total;
}
