// Loaded into every process of the server under test (NODE_OPTIONS=--import …, so cluster workers
// too), in plain JavaScript because production runs without a TypeScript loader.
// SIGUSR2 toggles a measurement: the first starts it, the second writes this process's CPU time, the
// bytes V8 allocated in between (heap growth plus what each GC freed), how late its event loop ran
// (the delay of a 1 ms timer: p50, p99, max) and its garbage collections by kind (count, total and
// longest pause) to $BENCH_MEASURE_DIR/<pid>.json. Nothing else in the process changes.
// With $BENCH_CPU_PROFILE_DIR (bench:mix --cpu-prof DIR), the same window is also recorded by V8's
// sampling profiler into DIR/<pid>-<run>.cpuprofile, run 1 first (open it in Chrome DevTools or speedscope).
import fs from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { GCProfiler } from 'node:v8';

const dir = process.env.BENCH_MEASURE_DIR;
const profileDir = process.env.BENCH_CPU_PROFILE_DIR;

let profiledRuns = 0;

/** Starts V8's CPU profiler; the function returned stops it and writes the profile. */
function startCpuProfile() {
  const run = ++profiledRuns;
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  return () =>
    session.post('Profiler.stop', (error, result) => {
      if (!error) fs.writeFileSync(path.join(profileDir, `${process.pid}-${run}.cpuprofile`), JSON.stringify(result.profile));
      session.disconnect();
    });
}

/** GC pauses by V8's kind of collection (Scavenge, MarkSweepCompact, …): count, total and longest, in ms. */
function collectionsByKind(collections) {
  const byKind = {};
  for (const { gcType, cost } of collections) {
    const kind = (byKind[gcType] ??= { count: 0, totalMs: 0, maxMs: 0 });
    kind.count++;
    kind.totalMs += cost / 1000;
    kind.maxMs = Math.max(kind.maxMs, cost / 1000);
  }
  return byKind;
}

if (dir) {
  let started;
  process.on('SIGUSR2', () => {
    if (!started) {
      const profiler = new GCProfiler();
      profiler.start();
      const stopCpuProfile = profileDir ? startCpuProfile() : undefined;
      const loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
      started = { cpu: process.cpuUsage(), heapUsed: process.memoryUsage().heapUsed, profiler, stopCpuProfile, loop };
      return;
    }
    const cpu = process.cpuUsage(started.cpu);
    const heapUsed = process.memoryUsage().heapUsed;
    const collections = started.profiler.stop()?.statistics ?? [];
    const freed = collections.reduce(
      (sum, gc) => sum + Math.max(0, gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize),
      0,
    );
    started.loop.disable();
    const result = {
      pid: process.pid,
      cpuMicros: cpu.user + cpu.system,
      allocatedBytes: heapUsed - started.heapUsed + freed,
      rss: process.memoryUsage().rss,
      loopDelayMs: {
        p50: started.loop.percentile(50) / 1e6,
        p99: started.loop.percentile(99) / 1e6,
        max: started.loop.max / 1e6,
      },
      gc: collectionsByKind(collections),
    };
    started.stopCpuProfile?.();
    started = undefined;
    // Written whole, then renamed: the bench reads every .json it finds, and must never find half of one.
    const file = path.join(dir, `${process.pid}.json`);
    fs.writeFileSync(`${file}.partial`, JSON.stringify(result));
    fs.renameSync(`${file}.partial`, file);
  });
}
