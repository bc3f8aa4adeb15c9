import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/*
 * The one place for colour. Mantine's palettes are kept for shades 0-5 (tints behind text, chart
 * fills); shades 6-9 of each colour the app uses are darker than Mantine's, because in the light
 * scheme Mantine draws with them: shade 6 is a filled background under white text, the text and
 * border of an outline, the text of `c="red"` and, for blue, the focus ring; shade 9 is the text
 * of the light variant on shades 1-2. Darkened so that each of those reaches WCAG AA (4.5:1 for
 * text; theme.test.ts holds every pair) while keeping its hue: the brand blue is still blue.
 *
 * Gray is the exception: shade 4 (the border of inputs, checkboxes, radios, default buttons) is
 * raised to 3:1 against white and the page's gray, shade 5 (placeholders) and shade 6 (dimmed
 * text) to 4.5:1.
 */
const colors: Record<string, MantineColorsTuple> = {
  blue: ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#1b70b9', '#1768b1', '#145b9c', '#135591'],
  gray: ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#878b8f', '#6d7277', '#5d6368', '#495057', '#343a40', '#212529'],
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#c24040', '#c13232', '#af2626', '#a32323'],
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#2a7d39', '#277435', '#246c31', '#21642e'],
  yellow: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#906503', '#865e03', '#7d5703', '#745103'],
  orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#ac560e', '#af4905', '#a74009', '#9b3c08'],
  teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#0c7d5b', '#0b7455', '#0a6c4f', '#096449'],
  grape: ['#f8f0fc', '#f3d9fa', '#eebefa', '#e599f7', '#da77f2', '#cc5de8', '#a441bd', '#9836b0', '#862e9c', '#7d2b91'],
  violet: ['#f3f0ff', '#e5dbff', '#d0bfff', '#b197fc', '#9775fa', '#845ef7', '#754eeb', '#6944da', '#5938bc', '#5334af'],
  indigo: ['#edf2ff', '#dbe4ff', '#bac8ff', '#91a7ff', '#748ffc', '#5c7cfa', '#4463dd', '#3b59d4', '#304ab2', '#2d45a6'],
  cyan: ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#22b8cf', '#0f7887', '#0e707e', '#096979', '#086271'],
};

const NOTHING_FOUND = { role: 'option', 'aria-disabled': 'true' };

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 6,
  defaultRadius: 'sm',
  colors,
  // The ring (2 px of the primary colour, 2 px off the control, 5:1 on white and on the page's
  // gray) shows on keyboard focus; every Mantine control draws it, UnstyledButton included.
  focusRing: 'auto',
  respectReducedMotion: true,
  components: {
    // Colour alone never marks a link: every link is underlined, in running text and out of it.
    Anchor: { defaultProps: { underline: 'always' } },
    // A navigation entry's words wrap rather than being cut when the reader widens letter and word
    // spacing (WCAG 1.4.12) beside a badge or lock.
    NavLink: { styles: { label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } } },
    // Mantine marks the chosen segment with a white tile on a light gray track (about 1.1:1); in
    // the primary colour the choice reads at 5:1.
    SegmentedControl: { defaultProps: { color: 'blue' } },
    // Mantine puts a focusable, presentational placeholder first in a menu to hold focus on open:
    // a menu may hold only its items (axe: aria-required-children). Without it focus opens on the
    // first item, as a menu button's menu does.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A searchable list that finds nothing (or is still searching) shows its message inside the
    // listbox, which may hold only options (axe: aria-required-children): the message is a
    // disabled option, read out as the list's one entry and never chosen (the combobox moves and
    // picks by its own option marker, not by role).
    //
    // A long list scrolls in the listbox itself, not in a scroll area inside it: the combobox
    // moves through the options with the arrow keys (aria-activedescendant), and a listbox that
    // a combobox controls is the popup axe knows to be scrolled so, whereas a scroll area inside
    // it reads as a box no key can reach (scrollable-region-focusable).
    Select: {
      defaultProps: { attributes: { empty: NOTHING_FOUND }, withScrollArea: false },
      styles: { options: { maxHeight: 220, overflowY: 'auto' } },
    },
  },
});

/**
 * Links take blue 7, a shade under the brand blue: they also sit on the light blue of a selected
 * row or a current item, where blue 6 reads 4.2:1 (blue 7, 4.7:1). Given to MantineProvider with
 * the theme.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-anchor': 'var(--mantine-color-blue-7)' },
  dark: {},
});
