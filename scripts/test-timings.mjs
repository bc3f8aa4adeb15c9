// Where `npm test`'s time went, printed at the end of every run: each lane's wall time, its slowest
// files (from the runners' JSON reports), and the CPU time of the whole run. CI's limit is in wall
// time on a machine that is often busy, so CPU time is the figure that says whether a change still
// fits on a slower one (docs/testing.md).
import { existsSync, readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';

const SLOWEST = 5;

/** Seconds, as "12m05s" or "41s". */
export function minutes(seconds) {
  const s = Math.round(seconds);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/** A vitest JSON report's files with their durations in seconds. */
function vitestFiles(file, root) {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return (report.testResults ?? []).map((t) => ({ file: relative(root, t.name), seconds: ((t.endTime ?? 0) - (t.startTime ?? 0)) / 1000 }));
}

/** A Playwright JSON report's spec files with the time their tests took (retries included) in seconds. */
function playwrightFiles(file) {
  if (!existsSync(file)) return [];
  const byFile = new Map();
  const walk = (suite, name) => {
    const here = suite.file ?? name;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? []) byFile.set(here, (byFile.get(here) ?? 0) + (result.duration ?? 0) / 1000);
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite, undefined);
  return [...byFile].map(([f, seconds]) => ({ file: `e2e/tests/${f}`, seconds }));
}

/**
 * CPU seconds (user and system) of this process's finished children and theirs, from Linux's
 * /proc; undefined elsewhere.
 */
export function childrenCpuSeconds() {
  if (!existsSync('/proc/self/stat')) return undefined;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // The fields after the command's closing parenthesis; cutime and cstime are the 16th and 17th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100;
  return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
}

/** Where Linux's CPU accounting groups (cgroup v1's cpuacct) can be made, when they can. */
const CPUACCT = '/sys/fs/cgroup/cpuacct';

/**
 * `command args` run through bash, which writes the CPU seconds of the command and everything it
 * started to `cpuFile` when it ends; the exit status is the command's. Where the machine lets us
 * make a CPU accounting group (cgroup v1's cpuacct, as root), the command runs in one of its own
 * and its usage is read: that counts every descendant, Chromium's renderers included, which the
 * browser's zygote hands to init, so bash's `times` (finished children that were waited for)
 * never sees them. Elsewhere, `times`. A lane's CPU time is what moving lanes around cannot change.
 */
export function withCpuTime(cpuFile, command, args) {
  const group = `${CPUACCT}/freight-test-${process.pid}-${basename(cpuFile).replace(/\W+/g, '-')}`;
  const script = [
    'group="$1"; out="$2"; shift 2',
    'if mkdir -p "$group" 2>/dev/null && echo $$ > "$group/cgroup.procs" 2>/dev/null; then grouped=1; fi',
    '"$@"; status=$?',
    'if [ -n "$grouped" ]; then echo "cgroup $(cat "$group/cpuacct.usage")" > "$out"; echo $$ > /sys/fs/cgroup/cpuacct/cgroup.procs; rmdir "$group" 2>/dev/null; else times > "$out"; fi',
    'exit $status',
  ].join('\n');
  return ['bash', ['-c', script, 'lane', group, cpuFile, command, ...args]];
}

/**
 * The CPU seconds `withCpuTime` wrote to `cpuFile`: a cgroup's usage (nanoseconds), or `times`'
 * second line (the children's user and system time); 0 when absent.
 */
export function cpuSecondsOf(cpuFile) {
  if (!existsSync(cpuFile)) return 0;
  const text = readFileSync(cpuFile, 'utf8').trim();
  const grouped = text.match(/^cgroup (\d+)$/);
  if (grouped) return Number(grouped[1]) / 1e9;
  const children = text.split('\n')[1] ?? '';
  const seconds = (t) => {
    const m = t.match(/^(\d+)m([\d.]+)s$/);
    return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
  };
  return children.split(/\s+/).reduce((sum, t) => sum + seconds(t), 0);
}

/** Whether `withCpuTime` measured `cpuFile` in a CPU accounting group (every descendant counted). */
export function cpuGroupedIn(cpuFile) {
  return existsSync(cpuFile) && readFileSync(cpuFile, 'utf8').startsWith('cgroup ');
}

/**
 * The report: `lanes` are { name, seconds, cpuSeconds?, cpuGrouped?, reports: [{ kind: 'vitest' | 'playwright', file }] }.
 * Returns its lines.
 */
export function timingReport(lanes, root, totalSeconds) {
  const lines = ['', 'Where the time went:'];
  for (const lane of lanes) {
    const cpu = lane.cpuSeconds ? `, CPU ${minutes(lane.cpuSeconds)}` : '';
    lines.push(`  ${lane.name}: ${minutes(lane.seconds)}${cpu}`);
    const files = lane.reports.flatMap((r) => (r.kind === 'vitest' ? vitestFiles(r.file, root) : playwrightFiles(r.file)));
    files.sort((a, b) => b.seconds - a.seconds);
    for (const f of files.slice(0, SLOWEST)) lines.push(`      ${minutes(f.seconds).padStart(6)}  ${f.file}`);
  }
  const own = process.cpuUsage();
  const ownSeconds = (own.user + own.system) / 1e6;
  // Where each lane ran in an accounting group of its own, their sum is the figure: the processes
  // npm test waited for (below) miss Chromium's renderers, which the browser hands to init.
  const grouped = lanes.length > 0 && lanes.every((lane) => lane.cpuGrouped);
  const cpu = childrenCpuSeconds();
  let tests;
  if (grouped) {
    tests = lanes.reduce((sum, lane) => sum + lane.cpuSeconds, 0) + ownSeconds;
    lines.push(`  CPU time of the tests: ${minutes(tests)} (the lanes' CPU accounting groups), in ${minutes(totalSeconds)} of wall time`);
  } else if (cpu !== undefined) {
    tests = cpu + ownSeconds;
    lines.push(
      `  CPU time of the tests: ${minutes(tests)} (user and system of every process waited for; not Chromium's renderers), in ${minutes(totalSeconds)} of wall time`,
    );
  }
  // CI's steps before the tests (.ci/run measures them): with the tests', the figure of the 40 CPU-minute budget.
  const before = Number(process.env.CI_CPU_BEFORE_TESTS);
  if (tests !== undefined && Number.isFinite(before) && before > 0) {
    lines.push(`  CPU time of the whole CI run: ${minutes(before + tests)} (${minutes(before)} before the tests; budget 40m00s)`);
  }
  return lines;
}
