// Mantine's global sheets, for both entries; each component's own comes with the chunk that uses
// it (mantine-styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
