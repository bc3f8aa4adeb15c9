import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { DIARY_ATTACHMENT } from './failure-diary';

/**
 * Prints, after the list reporter's summary, what the pages of each failed scenario showed
 * (support/failure-diary.ts). The list reporter cuts a text attachment to 300 characters, and CI
 * keeps the end of its log: the last lines are where a failure's account survives whole.
 */
export default class DiaryReporter implements Reporter {
  private readonly accounts: string[] = [];

  printsToStdio() {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === test.expectedStatus) return;
    const body = result.attachments.find((a) => a.name === DIARY_ATTACHMENT)?.body;
    if (body) this.accounts.push(`What the pages showed when "${test.titlePath().slice(2).join(' › ')}" failed:\n${body.toString()}`);
  }

  onEnd(_result: FullResult) {
    if (this.accounts.length) process.stdout.write(`\n${this.accounts.join('\n\n')}\n`);
  }
}
