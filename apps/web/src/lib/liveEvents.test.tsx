import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveEvents } from './liveEvents';

/** The browser's EventSource, driven by the test: what the server sends and how the stream fails. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((e: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, () => void>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The stream is accepted and says it is ready. */
  accept() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
    this.listeners.get('ready')?.();
  }
  message(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  /** The stream ended or the network dropped: the browser reconnects by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  /** An answer that is not a stream (a 502 or 503): the browser gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useLiveEvents', () => {
  it('passes the events on and says when the stream is ready', () => {
    const onEvent = vi.fn();
    const onReady = vi.fn();
    renderHook(() => useLiveEvents('/api/support/stream', true, { onEvent, onReady }));
    const [source] = FakeEventSource.opened;
    source?.accept();
    source?.message({ kind: 'message', seq: 1 });
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith({ kind: 'message', seq: 1 });
  });

  it('leaves a dropped stream to the browser, which reconnects by itself', () => {
    renderHook(() => useLiveEvents('/api/support/stream', true, { onEvent: vi.fn() }));
    FakeEventSource.opened[0]?.drop();
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('opens a stream the browser gave up on again, waiting longer each time, and from the start once one is accepted', () => {
    const onReady = vi.fn();
    renderHook(() => useLiveEvents('/api/support/stream', true, { onEvent: vi.fn(), onReady }));
    FakeEventSource.opened[0]?.refuse();
    act(() => vi.advanceTimersByTime(1999));
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.opened[1]?.refuse();
    act(() => vi.advanceTimersByTime(3999));
    expect(FakeEventSource.opened).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.opened).toHaveLength(3);
    // Accepted: the page reads its lists afresh, and the next refusal waits the first time again.
    FakeEventSource.opened[2]?.accept();
    expect(onReady).toHaveBeenCalledTimes(1);
    FakeEventSource.opened[2]?.refuse();
    act(() => vi.advanceTimersByTime(2000));
    expect(FakeEventSource.opened).toHaveLength(4);
    expect(FakeEventSource.opened.every((s) => s.url === '/api/support/stream')).toBe(true);
  });

  it('opens nothing more once the page stops listening', () => {
    const { unmount } = renderHook(() => useLiveEvents('/api/support/stream', true, { onEvent: vi.fn() }));
    FakeEventSource.opened[0]?.refuse();
    unmount();
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
