import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadWhenNearView } from './LoadWhenNearView';

/** The observers made, each with what it was told to watch and how far ahead. */
const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; watched: Element[]; gone: boolean }[] = [];

class FakeObserver {
  private readonly self: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.self = { callback, options, watched: [], gone: false };
    observers.push(this.self);
  }
  observe(element: Element) {
    this.self.watched.push(element);
  }
  disconnect() {
    this.self.gone = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  observers.length = 0;
});

const page = () =>
  render(
    <MantineProvider>
      <LoadWhenNearView height={300}>
        <p>The chart</p>
      </LoadWhenNearView>
    </MantineProvider>,
  );

describe('a part loaded when it comes near the screen', () => {
  it('keeps its room empty until its place comes within a scroll of the screen, then renders and stops watching', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container } = page();
    expect(screen.queryByText('The chart')).toBeNull();
    const [observer] = observers;
    expect(observer?.options?.rootMargin).toBe('800px');
    const place = observer?.watched[0] as HTMLElement;
    expect(place.style.minHeight).toBe('300px');
    expect(container.contains(place)).toBe(true);

    act(() => observer?.callback([{ isIntersecting: false } as IntersectionObserverEntry], observer as never));
    expect(screen.queryByText('The chart')).toBeNull();
    act(() => observer?.callback([{ isIntersecting: true } as IntersectionObserverEntry], observer as never));
    expect(screen.getByText('The chart')).toBeInTheDocument();
    expect(observer?.gone).toBe(true);
  });

  it('renders at once where the browser cannot tell where it is', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    page();
    expect(screen.getByText('The chart')).toBeInTheDocument();
  });
});
