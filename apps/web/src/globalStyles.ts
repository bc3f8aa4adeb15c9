// Mantine's global sheets, for both entries; each component's own comes with the chunk that uses
// it (mantine-styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// After Mantine's, so the theme's page rules win over its defaults.
import './app/theme.css';
// Rules that keep text whole when it is enlarged, spaced out or reflowed.
import './app/reflow.css';
