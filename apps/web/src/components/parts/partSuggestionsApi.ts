import type { PartSuggestion } from '@freight/contracts';
import { api } from '../../lib/api';

/** Parts of the staff's catalog whose description (either language) or NMFC matches `q`, described in `language`. */
export const suggestParts = (q: string, language: string, signal?: AbortSignal) =>
  api.get<{ data: PartSuggestion[] }>('/api/part-catalog/suggestions', { query: { q, language }, signal }).then((r) => r.data);
