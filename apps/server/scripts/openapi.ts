/** `npm run openapi -w apps/server`: regenerates docs/openapi.json after a change of the public API's routes or contracts. */
import { writeOpenApiFile } from '../src/modules/partner-api/openapi-file';

console.log(`Wrote ${await writeOpenApiFile()}`);
