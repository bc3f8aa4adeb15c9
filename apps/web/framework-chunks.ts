import type { Plugin } from 'vite';

/**
 * The libraries every portal page runs (React, the router, Mantine and what it draws with, the
 * query cache, i18n): their scripts go in one chunk. The validation library (zod) is not one of
 * them: it comes with the first form whose schema a page runs, so list pages without one are 28 KB
 * lighter (list sorts and other constants live in contracts modules that build no schema). Left to the automatic split, a signed-in
 * page load fetched 150 files (125 scripts, most a Mantine component or helper of a few hundred
 * bytes) and now fetches 67, for 6% more bytes; the scenarios' browser and server spent about a
 * tenth less CPU over the same six scenario files (115 CPU-s before, 104 after). Their
 * stylesheets stay with the modules that import them (mantine-styles.ts orders them), and the
 * chunks still under 10 KB are merged into the ones that load with them.
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|preact|scheduler|react-router|@mantine[\\/](core|hooks)|@floating-ui|@tanstack|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|tslib|clsx|i18next|react-i18next)[\\/]/;
/**
 * Mantine's inputs that only forms further in use (the quote form's numbers and steps, settings'
 * switches and passwords, the admin area's multi-selects; react-number-format is NumberInput's):
 * a chunk of their own, so a list page or the dashboard does not download them with the framework
 * (about 20 KB gzip). Not Accordion's chevron nor Radio's icon, which the menus and nav links draw: the
 * framework chunk must import no chunk of ours (`frameworkFirst` fails the build otherwise).
 */
const FORM_INPUTS =
  /node_modules[\\/](react-number-format|@mantine[\\/]core[\\/]esm[\\/]components[\\/](NumberInput|Stepper|Grid|Fieldset|Timeline|MultiSelect|PasswordInput|Switch|Accordion(?![\\/]AccordionChevron\.)|Radio(?![\\/]RadioIcon\.))[\\/])/;
/** The chunk of the libraries a module of node_modules belongs in, if any (stylesheets stay with their importers). */
export const frameworkChunkOf = (id: string): 'framework' | 'form-inputs' | undefined => {
  if (id.endsWith('.css')) return undefined;
  if (FORM_INPUTS.test(id)) return 'form-inputs';
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
        `The framework chunk imports ${framework.imports.join(', ')}: keep those modules in it (framework-chunks.ts, FORM_INPUTS).`,
      );
    }
  },
});
