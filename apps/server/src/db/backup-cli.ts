// `npm run backup` / `npm run restore -- <file>` (in an image: `node apps/server/dist/backup.js
// backup|restore <file>`): the embedded database's backup and restore (backup.ts). PostgreSQL
// is backed up with pg_dump instead (docs/operations.md).
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { BackupError, backupEmbedded, backupFileName, restoreEmbedded } from './backup';

const usage = 'usage: backup [--out <file.tar.gz>] | restore <file.tar.gz>';

async function main(args: string[]) {
  const config = loadConfig();
  if (config.DATABASE_URL) throw new BackupError('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md).');
  const [command, ...rest] = args;
  // The file's name and the folder moved aside carry the time of the operator's action.
  const at = new Date();
  if (command === 'backup') {
    const out = rest[rest.indexOf('--out') + 1];
    const file = resolve(rest.includes('--out') && out ? out : join('backups', backupFileName(at)));
    const summary = await backupEmbedded(config.dataDir, file);
    console.log(
      `Backed up ${config.dataDir} to ${summary.file} (${(summary.bytes / 1e6).toFixed(1)} MB, ${summary.migrations} migrations).`,
    );
  } else if (command === 'restore' && rest[0]) {
    const result = await restoreEmbedded(resolve(rest[0]), config.dataDir, at);
    console.log(`Restored ${rest[0]} into ${config.dataDir} (${result.migrations} migrations).`);
    if (result.movedAside) console.log(`The database that was there is in ${result.movedAside}: remove it once the portal runs well.`);
    console.log('The next start applies the migrations this release has and the backup lacks.');
  } else {
    throw new BackupError(usage);
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
