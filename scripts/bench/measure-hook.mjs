// Loaded into every process of the server under test (NODE_OPTIONS=--import …, so cluster workers
// too), in plain JavaScript because production runs without a TypeScript loader.
// SIGUSR2 toggles a measurement: the first starts it, the second writes this process's CPU time and
// the bytes V8 allocated in between (heap growth plus what each GC freed) to
// $BENCH_MEASURE_DIR/<pid>.json. Nothing else in the process changes.
import fs from 'node:fs';
import path from 'node:path';
import { GCProfiler } from 'node:v8';

const dir = process.env.BENCH_MEASURE_DIR;
if (dir) {
  let started;
  process.on('SIGUSR2', () => {
    if (!started) {
      const profiler = new GCProfiler();
      profiler.start();
      started = { cpu: process.cpuUsage(), heapUsed: process.memoryUsage().heapUsed, profiler };
      return;
    }
    const cpu = process.cpuUsage(started.cpu);
    const heapUsed = process.memoryUsage().heapUsed;
    const freed = (started.profiler.stop()?.statistics ?? []).reduce(
      (sum, gc) => sum + Math.max(0, gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize),
      0,
    );
    const result = {
      pid: process.pid,
      cpuMicros: cpu.user + cpu.system,
      allocatedBytes: heapUsed - started.heapUsed + freed,
      rss: process.memoryUsage().rss,
    };
    started = undefined;
    fs.writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(result));
  });
}
