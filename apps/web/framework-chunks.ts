import type { Plugin } from 'vite';

/**
 * The libraries every portal page runs (React, the router, Mantine's core and the components the
 * layouts draw, what it draws with, the query cache, i18n): their scripts go in one chunk. The
 * validation library (zod) is not one of them: it comes with the first form whose schema a page
 * runs, so list pages without one are 28 KB lighter (list sorts and other constants live in
 * contracts modules that build no schema). Left to the automatic split, a signed-in page load
 * fetched 150 files (125 scripts, most a Mantine component or helper of a few hundred bytes) and
 * now fetches 67, for 6% more bytes; the scenarios' browser and server spent about a
 * tenth less CPU over the same six scenario files (115 CPU-s before, 104 after). Their
 * stylesheets stay with the modules that import them (mantine-styles.ts orders them), and the
 * chunks still under 10 KB are merged into the ones that load with them.
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|preact|scheduler|react-router|@mantine[\\/](core|hooks)|@floating-ui|@tanstack|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|tslib|clsx|i18next|react-i18next)[\\/]/;
/** A Mantine component's folder: `Select` for `.../components/Select/Select.mjs`. */
const MANTINE_COMPONENT = /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]([^\\/]+)[\\/]/;
/**
 * Mantine's index module only re-exports its components. In the framework chunk it would take in
 * every component any screen uses (a manual chunk takes in the modules it imports that no other
 * chunk claims), so it is left out: each component goes where its kit below says.
 */
const MANTINE_INDEX = /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/;
/**
 * The parts of kit components that the framework's own components draw (menus' check marks, nav
 * links' chevrons, the browser select's chevron).
 */
const DRAWN_BY_THE_FRAMEWORK =
  /[\\/](CheckIcon|RadioIcon|AccordionChevron|ComboboxChevron|Combobox\.module|get-parsed-combobox-data)\.mjs$/;
/**
 * Mantine's components that only some screens draw, in a chunk a kind, so that a page downloads
 * the kinds it draws and not the others (the framework chunk keeps what the layouts draw, and any
 * component not named here):
 * - the choices (Mantine's own selects and what they are built of): the forms. Not the browser's
 *   own select (NativeSelect), which the lists' filters draw: it stays in the framework chunk (under
 *   1 KB), or every list would download the choices' 11 KB for it;
 * - the lists (tables, pages, tabs, progress bars, check boxes): the lists and the dashboard;
 * - the form inputs (numbers and steps of the quote form, switches and passwords of settings,
 *   text areas and file buttons of messages and claims); react-number-format is NumberInput's.
 * The dashboard then downloads only the lists' kit beside the framework, and a list page not the
 * form inputs. A chunk a component instead let the merging of small chunks put other screens'
 * code beside the layouts' components (bench/HISTORY.md, 2026-12-07).
 */
const MANTINE_KITS: readonly [string, RegExp][] = [
  ['mantine-choices', /^(Combobox|Select|MultiSelect|Autocomplete|TagsInput|Pill|PillsInput)$/],
  ['mantine-lists', /^(Table|Pagination|Progress|Tabs|Checkbox)$/],
  ['form-inputs', /^(NumberInput|Stepper|Grid|Fieldset|Timeline|PasswordInput|Switch|Accordion|Radio|Textarea|FileButton|FileInput)$/],
];
const NUMBER_FORMAT = /node_modules[\\/]react-number-format[\\/]/;

/** The chunk of the libraries a module of node_modules belongs in, if any (stylesheets stay with their importers). */
export const frameworkChunkOf = (id: string): string | undefined => {
  if (id.endsWith('.css') || MANTINE_INDEX.test(id)) return undefined;
  if (NUMBER_FORMAT.test(id)) return 'form-inputs';
  const component = MANTINE_COMPONENT.exec(id)?.[1];
  if (component && !DRAWN_BY_THE_FRAMEWORK.test(id)) {
    const kit = MANTINE_KITS.find(([, components]) => components.test(component));
    if (kit) return kit[0];
  }
  if (FRAMEWORK.test(id)) return 'framework';
  return undefined;
};

/**
 * Every page runs the framework chunk first. Were it to import a chunk that imports it back (a
 * framework component drawing a part of a form input, say), one of the two would run before the
 * other's exports exist, and the portal would show a blank page: the build fails instead.
 */
export const frameworkFirst = (): Plugin => ({
  name: 'freight-framework-first',
  generateBundle(_options, bundle) {
    const framework = Object.values(bundle).find((file) => file.type === 'chunk' && file.name === 'framework');
    if (framework?.type === 'chunk' && framework.imports.length > 0) {
      this.error(
        `The framework chunk imports ${framework.imports.join(', ')}: keep those modules in it (framework-chunks.ts, MANTINE_KITS and DRAWN_BY_THE_FRAMEWORK).`,
      );
    }
  },
});
