import type { OutputBundle, OutputChunk, PluginContext } from 'rollup';
import { describe, expect, it, vi } from 'vitest';
import { frameworkChunkOf, frameworkFirst } from './framework-chunks';

const mantine = (file: string) => `/app/node_modules/@mantine/core/esm/components/${file}`;

describe('the chunk a library module goes in', () => {
  it("puts what every page runs in the framework chunk, the layouts' Mantine components included", () => {
    expect(frameworkChunkOf('/app/node_modules/preact/compat/dist/compat.mjs')).toBe('framework');
    expect(frameworkChunkOf('/app/node_modules/react-router/dist/development/index.mjs')).toBe('framework');
    expect(frameworkChunkOf(mantine('Menu/Menu.mjs'))).toBe('framework');
    expect(frameworkChunkOf(mantine('AppShell/AppShell.mjs'))).toBe('framework');
    expect(frameworkChunkOf(mantine('NativeSelect/NativeSelect.mjs'))).toBe('framework');
    expect(frameworkChunkOf('/app/node_modules/@mantine/core/esm/core/MantineProvider/MantineProvider.mjs')).toBe('framework');
  });

  it('puts the components only some screens draw in a kit of their kind', () => {
    expect(frameworkChunkOf(mantine('Select/Select.mjs'))).toBe('mantine-choices');
    expect(frameworkChunkOf(mantine('Combobox/ComboboxOption/ComboboxOption.mjs'))).toBe('mantine-choices');
    expect(frameworkChunkOf(mantine('Table/Table.mjs'))).toBe('mantine-lists');
    expect(frameworkChunkOf(mantine('Tabs/Tabs.mjs'))).toBe('mantine-lists');
    expect(frameworkChunkOf(mantine('NumberInput/NumberInput.mjs'))).toBe('form-inputs');
    expect(frameworkChunkOf('/app/node_modules/react-number-format/dist/react-number-format.es.js')).toBe('form-inputs');
    expect(frameworkChunkOf(mantine('Radio/Radio.mjs'))).toBe('form-inputs');
    expect(frameworkChunkOf(mantine('Accordion/AccordionItem/AccordionItem.mjs'))).toBe('form-inputs');
  });

  it('keeps in the framework the parts of kit components that its menus and nav links draw', () => {
    expect(frameworkChunkOf(mantine('Accordion/AccordionChevron.mjs'))).toBe('framework');
    expect(frameworkChunkOf(mantine('Radio/RadioIcon.mjs'))).toBe('framework');
    expect(frameworkChunkOf(mantine('Checkbox/CheckIcon.mjs'))).toBe('framework');
    expect(frameworkChunkOf(mantine('Combobox/ComboboxChevron/ComboboxChevron.mjs'))).toBe('framework');
  });

  it("leaves Mantine's index module, stylesheets, the app and other libraries to the automatic split", () => {
    expect(frameworkChunkOf('/app/node_modules/@mantine/core/esm/index.mjs')).toBeUndefined();
    expect(frameworkChunkOf('/app/node_modules/@mantine/core/styles/NumberInput.css')).toBeUndefined();
    expect(frameworkChunkOf('/app/apps/web/src/features/quotes/routes/index.tsx')).toBeUndefined();
    expect(frameworkChunkOf('/app/node_modules/zod/v4/classic/schemas.js')).toBeUndefined();
  });
});

describe('the check that the framework chunk runs first', () => {
  const chunk = (name: string, imports: string[]) =>
    ({ type: 'chunk', name, fileName: `assets/${name}.js`, imports }) as unknown as OutputChunk;
  const check = (bundle: OutputChunk[]) => {
    const error = vi.fn();
    const plugin = frameworkFirst();
    const generate = plugin.generateBundle as (this: PluginContext, options: unknown, bundle: OutputBundle) => void;
    generate.call({ error } as unknown as PluginContext, {}, Object.fromEntries(bundle.map((c) => [c.fileName, c])));
    return error;
  };

  it('passes a build whose other chunks import the framework chunk', () => {
    expect(check([chunk('framework', []), chunk('form-inputs', ['assets/framework.js'])])).not.toHaveBeenCalled();
  });

  it('fails a build whose framework chunk imports another chunk, naming it', () => {
    const error = check([chunk('framework', ['assets/form-inputs.js']), chunk('form-inputs', ['assets/framework.js'])]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('assets/form-inputs.js'));
  });
});
