import type { teamActivityFilter } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { writeCsvStream } from '../../csv/csv';
import { activityCsv, presentActivity } from './team.presenter';
import { type ActivityFilter, teamRepository } from './team.repository';

type Filter = z.output<typeof teamActivityFilter>;

const DAY_MS = 86_400_000;

/** The query's days (UTC, as the staff audit log counts them) as the repository's bounds; `to` is the last day included. */
function filterOf(accountId: string, q: Filter): ActivityFilter {
  return {
    accountId,
    userId: q.user_id,
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS) : undefined,
  };
}

/**
 * The account's activity log: the entries of the audit log shown to the account (its team's
 * changes, whoever made them), newest first, and the same as CSV in the reader's language.
 */
export function teamActivity(ctx: AppContext) {
  const repo = teamRepository(ctx.db);
  return {
    async page(accountId: string, q: Filter & { page: number; per_page: number }) {
      const { rows, total, capped } = await repo.activity(filterOf(accountId, q), q.page, q.per_page);
      return { rows: rows.map((r) => presentActivity(r, accountId)), total, capped };
    },

    /** Every entry the filter matches, streamed a thousand at a time through the formula-safe CSV writer. */
    csv(accountId: string, q: Filter, language: Language, currency: string) {
      const { columns, row } = activityCsv(language, currency);
      const batches = (async function* () {
        for await (const rows of repo.activityBatches(filterOf(accountId, q))) yield rows.map((r) => row(presentActivity(r, accountId)));
      })();
      return writeCsvStream(columns, batches);
    },
  };
}
