import type { TestApp } from '../../test/harness';
import { analyticsSummary } from './analytics-summary';

/**
 * What the summary's job does each minute, done now: a test that makes shipments and then reads
 * the Analytics page refreshes first (never waits). Answers how many buckets were counted.
 */
export const refreshAnalytics = (t: TestApp) => analyticsSummary({ db: t.database.db, now: () => t.clock.now }).refresh();
