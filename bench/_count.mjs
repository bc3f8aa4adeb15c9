import { PGlite } from '@electric-sql/pglite';

const by = new Map();
let on = false;
globalThis.__sizesOn = (v) => {
  on = v;
};
const rec = (sql) => {
  if (!on) return;
  const k = sql.replace(/\s+/g, ' ').slice(0, 100);
  by.set(k, (by.get(k) ?? 0) + 1);
};
const q0 = PGlite.prototype.query;
PGlite.prototype.query = async function (sql, ...a) {
  rec(sql);
  return q0.call(this, sql, ...a);
};
const t0 = PGlite.prototype.transaction;
PGlite.prototype.transaction = async function (fn) {
  rec('BEGIN');
  return t0.call(this, async (tx) => {
    const qq = tx.query;
    tx.query = async (sql, ...a) => {
      rec('TX ' + sql);
      return qq.call(tx, sql, ...a);
    };
    return fn(tx);
  });
};
process.on('exit', () => {
  let tot = 0;
  for (const [k, v] of [...by].sort((a, b) => b[1] - a[1])) {
    tot += v;
    process.stderr.write(`${v}\t${k}\n`);
  }
  process.stderr.write(`total ${tot}\n`);
});
