// Makes the embedded database's cluster (PGlite's initdb) in a new data folder, then exits:
// `node pglite-initdb.mjs <data folder> <PostgreSQL start parameters as JSON>`. openDatabase
// (client.ts) runs it in a process of its own so that initdb's memory is not the server's.
import { PGlite } from '@electric-sql/pglite';

const [dataDir, startParams] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: pglite-initdb.mjs <data folder> [start parameters as JSON]');
const client = await PGlite.create(dataDir, startParams ? { startParams: JSON.parse(startParams) } : {});
await client.close();
