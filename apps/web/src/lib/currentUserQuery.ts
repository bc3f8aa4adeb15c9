import type { CurrentUser } from '@freight/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchCurrentUser } from './auth';
import { getAuthUser, setAuthUser } from './authState';

/** The signed-in user in the portal's query cache (the guest pages have none: lib/auth.ts is theirs). */
export const CURRENT_USER_KEY = ['current-user'] as const;

/**
 * Keeps the stored user fresh: starts from AUTH_STATE and refetches /api/user in the background
 * (used by the guarded layouts; a 401 clears the state and goes to /login).
 */
export function useCurrentUserQuery(enabled: boolean) {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: () => fetchCurrentUser(),
    enabled,
    initialData: () => getAuthUser() ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
    retry: false,
  });
}

/** Store a user answered by a mutation (profile, settings, account) and refresh the query. */
export function useStoreUser() {
  const qc = useQueryClient();
  return useCallback(
    (user: CurrentUser) => {
      setAuthUser(user);
      qc.setQueryData(CURRENT_USER_KEY, user);
    },
    [qc],
  );
}
