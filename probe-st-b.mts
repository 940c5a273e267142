import { open, panel, dump, output, waitState, sleep } from './probe-st-lib.mts';
const { page, close } = await open({ lang: 'en' });
const p = panel(page, 'run_hooks');
await p.scrollIntoViewIfNeeded();
await p.locator('[data-testid=scenario]').selectOption('mutate');
await waitState(p, 'ready');
await p.locator('[data-testid=debug]').click();
await sleep(1500);
await dump(p, 'after debug');
console.log('OUT', await output(p));
for (let i = 0; i < 8; i++) { await p.locator('[data-testid=step-into]').click(); await sleep(300); await dump(p, 'into'+i); }
await page.screenshot({ path: '/tmp/student/b-en-mutate.png' });
const html = await p.locator('[data-testid=status]').evaluate(e => e.outerHTML);
console.log(html);
await close();
