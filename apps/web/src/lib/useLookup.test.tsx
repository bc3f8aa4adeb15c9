import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLookup } from './useLookup';

/** A fetcher whose answers the test gives, one per call, in any order. */
function controlledFetcher() {
  const calls: { key: string; signal: AbortSignal; answer: (value: string) => void; fail: (e: unknown) => void }[] = [];
  const fetcher = vi.fn(
    (key: string, signal: AbortSignal) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ key, signal, answer: resolve, fail: reject });
      }),
  );
  return { fetcher, calls };
}

describe('useLookup', () => {
  it('asks nothing for a null key', () => {
    const { fetcher } = controlledFetcher();
    const { result } = renderHook(() => useLookup(null, fetcher));
    expect(fetcher).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ isPending: true, isFetching: false, data: undefined });
  });

  it('answers the current key, keeps the answer while it asks again, and reports a failure', async () => {
    const { fetcher, calls } = controlledFetcher();
    const { result } = renderHook(() => useLookup('A', fetcher));
    expect(result.current).toMatchObject({ isPending: true, isFetching: true });
    await act(async () => calls[0]?.answer('first'));
    expect(result.current).toMatchObject({ data: 'first', isPending: false, isFetching: false });

    act(() => result.current.refetch());
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(result.current).toMatchObject({ data: 'first', isFetching: true });
    await act(async () => calls[1]?.fail(new Error('down')));
    expect(result.current.error).toEqual(new Error('down'));
    expect(result.current.isFetching).toBe(false);
  });

  it('cancels the request of a key left behind and never shows its late answer', async () => {
    const { fetcher, calls } = controlledFetcher();
    const { result, rerender } = renderHook(({ key }) => useLookup(key, fetcher), { initialProps: { key: 'A' } });
    rerender({ key: 'B' });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]?.signal.aborted).toBe(true);
    await act(async () => calls[0]?.answer('late A'));
    expect(result.current).toMatchObject({ data: undefined, isPending: true });
    await act(async () => calls[1]?.answer('B'));
    expect(result.current.data).toBe('B');
  });
});
