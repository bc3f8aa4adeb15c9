/**
 * A button whose label wraps onto more lines instead of being cut: for long labels that must stay
 * whole at phone width and at 200% text (Spanish labels run about a third longer than English).
 */
export const WRAPPING_BUTTON_STYLES = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
  label: { whiteSpace: 'normal', textAlign: 'center' },
} as const;

/** The same for a compact button in a table row or a phone's card: its words wrap within the cell, read from the left. */
export const WRAPPING_COMPACT_BUTTON_STYLES = {
  root: { height: 'auto', maxWidth: '100%' },
  label: { whiteSpace: 'normal', textAlign: 'left', paddingBlock: 4 },
} as const;
