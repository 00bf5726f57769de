import { runAvailabilityBenchmark } from '/work/main/bench/availability.ts';
const r = await runAvailabilityBenchmark();
console.log(r.lines.join('\n')); console.log(JSON.stringify(r.summary), r.failures);
