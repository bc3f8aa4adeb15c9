// The server's Node options, shared by `npm start` and the load benchmarks (bench/server-process.ts).
//
// The JavaScript heap's old generation is capped at 192 MB. Without a cap V8 lets it grow under
// load long before it must (bench/README.md, quote endpoint: idle ~220 MB resident, peaks of
// 309-346 MB at ~500 quotes/s); with it the collector keeps the server near its target of 300 MB.
// The large requests stay well inside it: a 50,000-row CSV import is checked and written 1,000
// rows at a time, and a CSV export streams 1,000 entries at a time.
export const SERVER_NODE_OPTIONS = ['--max-old-space-size=192'];
