import { readFileSync } from 'node:fs';
import { createSandboxedRecorder } from './src/runtime/sandbox/runner.ts';
import { recorderInstall } from './src/runtime/node-recorder.ts';
const files = process.argv.slice(2);
const rec = await createSandboxedRecorder({ install: recorderInstall() });
for (const f of files) {
  const code = readFileSync(f, 'utf8');
  const t0 = Date.now();
  try {
    const { trace, raw } = await rec.recordWithRaw({ files: [{ path: 'main.py', code, role: 'scenario' }], scenario: 's', budget: { maxSeconds: 10, maxEvents: 5000000 } });
    console.log(`== ${f} (${Date.now() - t0} ms) outcome=${trace.meta.outcome} restarts=${rec.restarts}`);
    console.log('output:', trace.meta.output.slice(0, 3000));
    console.log('error:', JSON.stringify(trace.meta.error)?.slice(0, 1500));
  } catch (e) { console.log(`== ${f} REJECT`, String(e).slice(0, 1500)); }
}
rec.close();
