/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  defaultVariantColorsResolver,
  type MantineColor,
  mergeMantineTheme,
} from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/*
 * The theme's colour pairs, as Mantine resolves them in the light scheme, held to WCAG 2.2 AA:
 * 4.5:1 for text, 3:1 for focus rings and the boundaries of controls.
 */

const TEXT = 4.5;
const NON_TEXT = 3;

/** Relative luminance of an sRGB colour, as WCAG 2.x defines it. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [16, 8, 0].map((shift) => {
    const c = ((n >> shift) & 255) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const resolved = defaultCssVariablesResolver(merged);
const ours = cssVariablesResolver(merged);
const cssVariables: Record<string, string> = { ...resolved.variables, ...resolved.light, ...ours.variables, ...ours.light };

/** A CSS value down to its hex colour: `var(--a)` is followed, a border's colour is its last var. */
function hexOf(value: string): string {
  const reference = [...value.matchAll(/var\((--mantine-[\w-]+)\)/g)].at(-1)?.[1];
  if (reference) {
    const next = cssVariables[reference];
    if (next === undefined) throw new Error(`${reference} is not a theme variable`);
    return hexOf(next);
  }
  const hex = value.trim().toLowerCase();
  if (hex === '#000') return '#000000';
  if (hex === '#fff') return '#ffffff';
  if (!/^#[0-9a-f]{6}$/.test(hex)) throw new Error(`${value} is not a solid colour`);
  return hex;
}

const color = (name: string) => hexOf(`var(--mantine-color-${name})`);

const WHITE = '#ffffff';
/** The gray of the public pages' frame, of striped and hovered table rows. */
const PAGE_GRAYS = [color('gray-0'), color('gray-1')];

/** Every colour the app names (`color="orange"`, `c="teal.8"`, the notices, the statuses). */
const APP_COLORS: MantineColor[] = ['blue', 'gray', 'red', 'green', 'yellow', 'orange', 'teal', 'grape', 'violet', 'indigo', 'cyan'];

function expectRatio(fg: string, bg: string, min: number, what: string) {
  const ratio = contrast(fg, bg);
  expect(ratio, `${what}: ${fg} on ${bg} is ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(min);
}

/** The variable Mantine's own stylesheet gives a component's property in the light scheme. */
function mantineSheetValue(sheet: string, property: string): string {
  // Read from disk: Vitest hands CSS imports to the tests empty, `?raw` included.
  const packageDir = join(dirname(createRequire(import.meta.url).resolve('@mantine/core')), '..');
  const css = readFileSync(join(packageDir, 'styles', sheet), 'utf8');
  const rule = new RegExp(`\\[data-mantine-color-scheme='light'\\][^{]*\\{[^}]*?${property}:\\s*([^;]+);`);
  const found = css.match(rule)?.[1];
  if (!found) throw new Error(`${sheet} has no light ${property}`);
  return found;
}

/** The value theme.css gives a property in the rule of exactly this selector (however it is wrapped). */
function themeSheetValue(selector: string, property: string): string {
  const css = readFileSync(join(import.meta.dirname, 'theme.css'), 'utf8').replace(/\s+/g, ' ');
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`theme.css has no rule for ${selector}`);
  const body = css.slice(start, css.indexOf('}', start));
  const found = body.match(new RegExp(`${property}:\\s*([^;]+);`))?.[1];
  if (!found) throw new Error(`theme.css gives ${selector} no ${property}`);
  return found;
}

describe('theme colours (light scheme)', () => {
  it('body text, dimmed text, placeholders, links and errors read at 4.5:1 on white and the page grays', () => {
    for (const bg of [WHITE, ...PAGE_GRAYS]) {
      expectRatio(color('text'), bg, TEXT, 'text');
      expectRatio(color('dimmed'), bg, TEXT, 'dimmed');
      expectRatio(color('anchor'), bg, TEXT, 'link');
      expectRatio(color('error'), bg, TEXT, 'error');
    }
    // Inputs are white whatever lies around them.
    expectRatio(color('placeholder'), WHITE, TEXT, 'placeholder');
  });

  it('links read at 4.5:1 on every tint under them: a box of any colour, a selected row, a light alert', () => {
    for (const name of APP_COLORS) expectRatio(color('anchor'), color(`${name}-0`), TEXT, `link on ${name}.0`);
    // A selected row, a current item: the primary colour's light.
    expectRatio(color('anchor'), hexOf('var(--mantine-primary-color-light)'), TEXT, 'link on a selected row');
    const inAlert = hexOf(
      themeSheetValue(':root[data-mantine-color-scheme="light"] .mantine-Alert-root[data-variant="light"] .mantine-Anchor-root', 'color'),
    );
    for (const name of APP_COLORS) expectRatio(inAlert, color(`${name}-light`), TEXT, `link in a light ${name} alert`);
  });

  it("an option's dimmed line reads at 4.5:1 when the option is the selected one (white on the primary colour)", () => {
    const dimmed = hexOf(themeSheetValue('.mantine-Combobox-option[data-combobox-selected]', '--mantine-color-dimmed'));
    expectRatio(dimmed, hexOf('var(--mantine-primary-color-filled)'), TEXT, 'dimmed in a selected option');
  });

  it('a menu item in any colour reads at 4.5:1 on white and, hovered or focused, on the hover gray', () => {
    const hovered = hexOf(
      themeSheetValue(
        ':root[data-mantine-color-scheme="light"] .mantine-Menu-item:where(:hover, :focus, [data-menu-active]):where(:not(:disabled, [data-disabled]))',
        'background-color',
      ),
    );
    // Mantine draws a coloured item's text in shade 6.
    for (const name of APP_COLORS) {
      for (const bg of [WHITE, hovered]) expectRatio(color(`${name}-6`), bg, TEXT, `${name} menu item`);
    }
    expectRatio(color('text'), hovered, TEXT, 'menu item');
  });

  it('dimmed text reads at 4.5:1 on the tinted boxes (chat bubbles, notices)', () => {
    for (const name of APP_COLORS) {
      expectRatio(color('dimmed'), color(`${name}-0`), TEXT, `dimmed on ${name}.0`);
      expectRatio(color('dimmed'), color(`${name}-light`), TEXT, `dimmed on ${name} light`);
    }
  });

  it.each(APP_COLORS)('%s: text in the colour (c="…", shades 6-9) reads at 4.5:1 on white, the page grays and its tints', (name) => {
    for (const bg of [WHITE, ...PAGE_GRAYS, color(`${name}-0`)]) {
      expectRatio(color(`${name}-text`), bg, TEXT, `c="${name}"`);
      for (const shade of [6, 7, 8, 9]) expectRatio(color(`${name}-${shade}`), bg, TEXT, `${name}.${shade}`);
    }
  });

  it.each(APP_COLORS)('%s: badges, buttons and alerts in every variant read at 4.5:1', (name) => {
    const variant = (v: string) => defaultVariantColorsResolver({ color: name, theme: merged, variant: v });

    const filled = variant('filled');
    expectRatio(hexOf(filled.color), hexOf(filled.background), TEXT, `${name} filled`);
    expectRatio(hexOf(filled.color), hexOf(filled.hover), TEXT, `${name} filled, hovered`);

    const light = variant('light');
    expectRatio(hexOf(light.color), hexOf(light.background), TEXT, `${name} light`);
    expectRatio(hexOf(light.color), hexOf(light.hover), TEXT, `${name} light, hovered`);

    const subtle = variant('subtle');
    for (const bg of [WHITE, ...PAGE_GRAYS, hexOf(subtle.hover)]) expectRatio(hexOf(subtle.color), bg, TEXT, `${name} subtle`);

    const outline = variant('outline');
    for (const bg of [WHITE, ...PAGE_GRAYS]) {
      expectRatio(hexOf(outline.color), bg, TEXT, `${name} outline`);
      expectRatio(hexOf(outline.border), bg, NON_TEXT, `${name} outline border`);
    }

    const white = variant('white');
    expectRatio(hexOf(white.color), WHITE, TEXT, `${name} white`);
  });

  it('default buttons and badges: black on white, a 3:1 border', () => {
    const byDefault = defaultVariantColorsResolver({ color: 'gray', theme: merged, variant: 'default' });
    expectRatio(hexOf(byDefault.color), hexOf(byDefault.background), TEXT, 'default');
    for (const bg of [WHITE, ...PAGE_GRAYS]) expectRatio(hexOf(byDefault.border), bg, NON_TEXT, 'default border');
  });

  it('the focus ring stands out at 3:1 from white and the page grays', () => {
    // Mantine draws it with the primary colour, 2 px away from the control.
    const ring = hexOf('var(--mantine-primary-color-filled)');
    for (const bg of [WHITE, ...PAGE_GRAYS]) expectRatio(ring, bg, NON_TEXT, 'focus ring');
  });

  it('inputs, checkboxes, radios and switches show their edge at 3:1', () => {
    const edges = {
      input: mantineSheetValue('Input.css', '--input-bd'),
      checkbox: mantineSheetValue('Checkbox.css', 'border-color'),
      radio: mantineSheetValue('Radio.css', 'border-color'),
      // theme.css gives the switch's track, off, the control border.
      'switch track': 'var(--mantine-color-gray-4)',
    };
    for (const [what, value] of Object.entries(edges)) {
      for (const bg of [WHITE, ...PAGE_GRAYS]) expectRatio(hexOf(value), bg, NON_TEXT, what);
    }
  });
});
