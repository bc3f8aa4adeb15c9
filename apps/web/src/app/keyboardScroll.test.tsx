import { Combobox, ScrollArea, Table, useCombobox } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../lib/i18n';
import { CoreProviders } from './coreProviders';
import { keyboardScrollable } from './keyboardScroll';

/*
 * jsdom lays nothing out: each box's scroll and client sizes are set by hand, and the resize
 * observer is one the test triggers (a browser's reports each box once it is first laid out).
 */

const sizes = new WeakMap<Element, { scroll: number; client: number }>();
const observed = new Set<ResizeObserverCallback>();

class TriggeredResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe() {
    observed.add(this.callback);
  }
  unobserve() {}
  disconnect() {
    observed.delete(this.callback);
  }
}

/** The browser's report of every observed box, as after a layout. */
function laidOut() {
  act(() => {
    for (const callback of observed) callback([], {} as ResizeObserver);
  });
}

function resize(viewport: Element, scroll: number, client = 300) {
  sizes.set(viewport, { scroll, client });
  laidOut();
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', TriggeredResizeObserver);
});

beforeEach(() => {
  for (const [property, key] of [
    ['scrollWidth', 'scroll'],
    ['clientWidth', 'client'],
  ] as const) {
    vi.spyOn(HTMLElement.prototype, property, 'get').mockImplementation(function (this: HTMLElement) {
      return sizes.get(this)?.[key] ?? 0;
    });
  }
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  observed.clear();
  await act(() => i18n.changeLanguage('en'));
});

/** A viewport element as Mantine draws one: it scrolls both ways; the content is its first child. */
function viewportWith(content: string, overflow = 'scroll') {
  const viewport = document.createElement('div');
  viewport.style.overflowX = overflow;
  viewport.style.overflowY = overflow;
  viewport.innerHTML = `<div>${content}</div>`;
  document.body.append(viewport);
  return viewport;
}

describe('keyboardScrollable', () => {
  it('makes a box a named Tab stop while its content overflows, and nothing once it fits', () => {
    const viewport = viewportWith('<table aria-label="Charges for BOL 1"><tr><td>Fuel</td></tr></table>');
    sizes.set(viewport, { scroll: 700, client: 300 });
    const cleanup = keyboardScrollable('Scrollable area')(viewport);
    // Nothing is read before the box is laid out.
    expect(viewport.hasAttribute('tabindex')).toBe(false);
    laidOut();

    expect(viewport.tabIndex).toBe(0);
    expect(screen.getByRole('region', { name: 'Charges for BOL 1' })).toBe(viewport);

    resize(viewport, 300);
    expect(viewport.hasAttribute('tabindex')).toBe(false);
    expect(screen.queryByRole('region')).toBeNull();
    expect(viewport.hasAttribute('aria-labelledby')).toBe(false);

    resize(viewport, 320);
    expect(viewport.tabIndex).toBe(0);
    cleanup?.();
    expect(viewport.hasAttribute('tabindex')).toBe(false);
    expect(viewport.hasAttribute('role')).toBe(false);
    viewport.remove();
  });

  it("is named after its one table's caption, or else the name it is given", () => {
    const captioned = viewportWith('<table><caption>Carriers</caption><tr><td>Acme</td></tr></table>');
    const list = viewportWith('<ul><li>Row 2: the city is missing</li></ul>');
    const twoTables = viewportWith('<table aria-label="Zones"></table><table aria-label="Rates"></table>');
    for (const viewport of [captioned, list, twoTables]) {
      sizes.set(viewport, { scroll: 700, client: 300 });
      keyboardScrollable('Scrollable area')(viewport);
    }
    laidOut();
    expect(screen.getByRole('region', { name: 'Carriers' })).toBe(captioned);
    expect(screen.getAllByRole('region', { name: 'Scrollable area' })).toEqual([list, twoTables]);
    for (const viewport of [captioned, list, twoTables]) viewport.remove();
  });

  it('leaves alone a box that cannot be scrolled by the user and one inside a listbox', () => {
    const clipped = viewportWith('<p>Long text</p>', 'hidden');
    const listbox = document.createElement('div');
    listbox.setAttribute('role', 'listbox');
    const inList = viewportWith('<div role="option">Chicago</div>');
    listbox.append(inList);
    document.body.append(listbox);
    for (const viewport of [clipped, inList]) {
      sizes.set(viewport, { scroll: 700, client: 300 });
      keyboardScrollable('Scrollable area')(viewport);
      laidOut();
      expect(viewport.hasAttribute('tabindex')).toBe(false);
    }
    clipped.remove();
    listbox.remove();
  });
});

function PickerOpen() {
  const combobox = useCombobox({ opened: true });
  return (
    <Combobox store={combobox} withinPortal={false}>
      <Combobox.Target>
        <input aria-label="City" />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-label="Cities">
          <ScrollArea.Autosize mah={100}>
            <Combobox.Option value="chicago">Chicago</Combobox.Option>
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

describe('every scroll box of the app (the theme default)', () => {
  beforeEach(() => {
    // Every viewport is drawn too narrow for its content.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.hasAttribute('data-scrollarea-viewport') ? 900 : 0;
    });
  });

  it("a table's scroll container and an autosized scroll area become regions, in the language on screen; a listbox's does not", async () => {
    render(
      <CoreProviders>
        <Table.ScrollContainer minWidth={900}>
          <Table aria-label="Items of BOL 1">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>Pallet</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ScrollArea.Autosize mah={100}>
          <p>Row 2: the city is missing</p>
        </ScrollArea.Autosize>
        <PickerOpen />
      </CoreProviders>,
    );
    laidOut();
    expect(await screen.findByRole('region', { name: 'Items of BOL 1' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('region', { name: 'Scrollable area' })).toHaveAttribute('tabindex', '0');
    expect(screen.getAllByRole('region')).toHaveLength(2);
    const listbox = screen.getByRole('listbox', { hidden: true });
    expect(listbox.querySelector('[data-scrollarea-viewport]')).not.toBeNull();
    expect(listbox.querySelector('[tabindex="0"]')).toBeNull();

    await act(() => i18n.changeLanguage('es'));
    laidOut();
    expect(await screen.findByRole('region', { name: 'Área desplazable' })).toHaveAttribute('tabindex', '0');
  });
});
