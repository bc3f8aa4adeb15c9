import { contrastLinesOf } from '../support/axe-contrast';
import { expect, test } from '../support/test';

/**
 * The lines that decide whether a check needs axe's colour-contrast rule (support/axe-contrast.ts),
 * read in Chromium from a page written for the purpose: what would change a contrast ratio
 * changes the line, and text axe leaves out is left out.
 */

const PAGE = `<!doctype html><html lang="en"><body style="background: rgb(255, 255, 255); margin: 0">
  <main style="font-size: 16px; color: rgb(33, 37, 41)">
    <p id="plain">Plain text on the page</p>
    <p>More plain text, alike</p>
    <div style="background: rgba(34, 139, 230, 0.1)"><span>On a tint over the page</span></div>
    <div style="background: rgb(34, 139, 230)"><button style="color: rgb(255, 255, 255); background: transparent; border: 0">Blue</button></div>
    <p style="color: rgb(170, 170, 170)">Faint</p>
    <p style="font-size: 24px">Large</p>
    <p style="opacity: 0.5">Half see-through</p>
    <button disabled style="color: rgb(170, 170, 170)">Disabled</button>
    <input value="Typed" style="color: rgb(33, 37, 41); background: rgb(255, 255, 255)">
    <input value="" style="color: rgb(200, 0, 0)">
    <span style="position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); color: rgb(1, 2, 3)">Only for screen readers</span>
    <p style="display: none; color: rgb(4, 5, 6)">Not rendered</p>
    <p style="visibility: hidden; color: rgb(7, 8, 9)">Hidden</p>
  </main>
</body></html>`;

test('what decides each text’s contrast gives it a line of its own; text axe leaves out gives none', async ({ page }) => {
  await page.setContent(PAGE);
  const lines = (await page.evaluate(contrastLinesOf, null)) ?? [];
  const [color, size, weight, opacity, shadow, disabled, backgrounds] = [0, 1, 2, 3, 4, 5, 6];
  const fields = lines.map((line) => line.split('|'));
  const withColour = (rgb: string) => fields.filter((f) => f[color] === rgb);

  // The two plain paragraphs are one line: the body's text on the page's white.
  const plain = fields.filter((f) => f[color] === 'rgb(33, 37, 41)' && f[size] === '16px' && f[backgrounds] === 'rgb(255, 255, 255)');
  expect(plain.filter((f) => f[opacity] === '1.00' && f[disabled] === '')).toHaveLength(1);
  // A field's value is read too (in the field's own size).
  expect(fields.some((f) => f[color] === 'rgb(33, 37, 41)' && !['16px', '24px'].includes(f[size] ?? ''))).toBe(true);
  // A see-through background is kept with what shows through it, down to the first opaque one.
  expect(fields.some((f) => f[backgrounds] === 'rgba(34, 139, 230, 0.1) over rgb(255, 255, 255)')).toBe(true);
  expect(withColour('rgb(255, 255, 255)').map((f) => f[backgrounds])).toEqual(['rgb(34, 139, 230)']);
  // Colour, size, opacity and being disabled each make a line of their own.
  expect(
    withColour('rgb(170, 170, 170)')
      .map((f) => f[disabled])
      .sort(),
  ).toEqual(['', 'disabled']);
  expect(fields.some((f) => f[size] === '24px')).toBe(true);
  expect(fields.some((f) => f[opacity] === '0.50')).toBe(true);
  expect(fields.every((f) => f[shadow] === 'none' && f[weight] === '400')).toBe(true);
  // An empty field, text for screen readers only, and text not drawn are none of axe's business.
  for (const rgb of ['rgb(200, 0, 0)', 'rgb(1, 2, 3)', 'rgb(4, 5, 6)', 'rgb(7, 8, 9)']) expect(withColour(rgb), rgb).toEqual([]);
  expect(lines).toHaveLength(new Set(lines).size);

  // Within one element: only what it holds.
  const inTint = await page.evaluate(contrastLinesOf, 'div');
  expect(inTint).toEqual([
    ['rgb(33, 37, 41)', '16px', '400', '1.00', 'none', '', 'rgba(34, 139, 230, 0.1) over rgb(255, 255, 255)'].join('|'),
  ]);
  expect(await page.evaluate(contrastLinesOf, '#absent')).toBeUndefined();
});
