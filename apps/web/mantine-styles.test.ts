import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { mantineSheetsFor, sharedMantineSheets } from './mantine-styles';

const require = createRequire(import.meta.url);
const sheetPath = (sheet: string) => require.resolve(sheet);

describe("a module's Mantine stylesheets", () => {
  it('are those of the components it imports and of the parts they are built from, those first', () => {
    const sheets = mantineSheetsFor("import { Checkbox, TextInput } from '@mantine/core';");
    expect(sheets).toEqual(expect.arrayContaining(['@mantine/core/styles/Input.css', '@mantine/core/styles/Checkbox.css']));
    // Checkbox is built on InlineInput (a utility, not a component): its sheet comes before Checkbox's.
    expect(sheets.indexOf('@mantine/core/styles/InlineInput.css')).toBeGreaterThanOrEqual(0);
    expect(sheets.indexOf('@mantine/core/styles/InlineInput.css')).toBeLessThan(sheets.indexOf('@mantine/core/styles/Checkbox.css'));
    for (const sheet of sheets) expect(existsSync(sheetPath(sheet))).toBe(true);
  });

  it("bring a composite's parts: Select needs the combobox, the popover and the input", () => {
    const sheets = mantineSheetsFor("import {\n  Select,\n  type SelectProps,\n} from '@mantine/core';");
    expect(sheets).toEqual(
      expect.arrayContaining(['@mantine/core/styles/Combobox.css', '@mantine/core/styles/Popover.css', '@mantine/core/styles/Input.css']),
    );
  });

  it('ignore type-only imports, helpers without styles, aliases and other packages', () => {
    expect(mantineSheetsFor("import type { MantineTheme } from '@mantine/core';")).toEqual([]);
    expect(mantineSheetsFor("import { createTheme, useMantineTheme } from '@mantine/core';")).toEqual([]);
    expect(mantineSheetsFor("import { Button as Action } from '@mantine/core';")).toContain('@mantine/core/styles/Button.css');
    expect(mantineSheetsFor("import { useForm } from '@mantine/form';")).toEqual([]);
  });

  it("bring what Mantine's other packages draw: the confirm modal of @mantine/modals", () => {
    expect(mantineSheetsFor("import { ModalsProvider } from '@mantine/modals';")).toEqual(
      expect.arrayContaining(['@mantine/core/styles/Modal.css', '@mantine/core/styles/Overlay.css', '@mantine/core/styles/Button.css']),
    );
  });
});

describe('the sheets every entry loads up front', () => {
  it("are those of the parts the app's components are built from, each after its own parts, not the components' own", () => {
    const shared = sharedMantineSheets(["import { Anchor } from '@mantine/core';", "import { Select, Text } from '@mantine/core';"]);
    // Anchor is built on Text: Text's sheet must never come after Anchor's, so it loads first.
    expect(shared).toContain('@mantine/core/styles/Text.css');
    expect(shared).not.toContain('@mantine/core/styles/Anchor.css');
    expect(shared).not.toContain('@mantine/core/styles/Select.css');
    expect(shared).toEqual(expect.arrayContaining(['@mantine/core/styles/Input.css', '@mantine/core/styles/Combobox.css']));
    expect(shared.indexOf('@mantine/core/styles/Popover.css')).toBeLessThan(shared.indexOf('@mantine/core/styles/Combobox.css'));
  });
});
