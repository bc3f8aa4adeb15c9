/**
 * Options for vi.waitFor: its default second is too short on CI's two busy cores (a field focused
 * after its section opened took longer there, and a focus moved after a refused save took past 20 s). Like testing-library's own limit (setup.ts), a wait
 * that is met returns at once; this only ends one that never will.
 */
export const BUSY_WAIT = { timeout: 45_000, interval: 50 } as const;

/**
 * testing-library's limit for a find (setup.ts configures it): a screen's first render in a file
 * compiles its lazy chunk, which took more than 15 s on CI's two busy cores.
 */
export const SCREEN_WAIT = { timeout: 45_000 } as const;
