import { EBAY_PROBLEMS } from '@freight/contracts';
import type { TFunction } from 'i18next';

/**
 * Why a call to eBay failed (an `EbayProblem`: `timeout`, `http_503`...) in the reader's words. A
 * record from before these codes holds the server's English text, shown as it is.
 */
export function ebayProblem(t: TFunction, problem: string): string {
  const status = /^http_(\d{3})$/.exec(problem)?.[1];
  if (status) return t('ebay.problems.http', { status });
  return (EBAY_PROBLEMS as readonly string[]).includes(problem) ? t(`ebay.problems.${problem}`) : problem;
}
