/**
 * Expected endings in the panel (issue 11, item 3): a scenario that declares how it ends
 * (`"ending": {"error": "LookupError"}`) shows that ending as what the lesson means, a
 * status rather than an alert; the same error in a scenario that declares nothing is
 * still an alert. Both in English and Chinese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppSession } from './harness';
import { panel, ready, waitState } from './panel-helpers';
import { openWithDraft, shipped } from './reliability-helpers';

const RAISE = '\nif SCENARIO in ("pass", "block"):\n    raise LookupError("no such hook")\n';

function manifestWithEnding(): string {
  const manifest = JSON.parse(shipped('lesson.json'));
  manifest.scenarios.pass.ending = { error: 'LookupError' };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

describe('a scenario that declares its ending', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openWithDraft({
      draft: {
        'lesson.json': manifestWithEnding(),
        'entries/run_hooks.py': `${shipped('entries/run_hooks.py')}${RAISE}`,
      },
    });
    await ready(app.page, panel(app.page, 'run_hooks'));
  });
  afterAll(async () => {
    await app?.close();
  });
  const p = () => panel(app.page, 'run_hooks');

  async function runUnder(scenario: string) {
    await p().locator('[data-testid=scenario]').selectOption(scenario);
    await p().locator('[data-testid=run]').click();
    await waitState(p(), 'error');
    return p().locator('[data-testid=run-error]');
  }

  it('shows the declared ending as the lesson meant it: a status naming the type', async () => {
    const card = await runUnder('pass');
    expect(await card.getAttribute('data-expected')).toBe('true');
    expect(await card.getAttribute('role')).toBe('status');
    const said = await p().locator('[data-testid=expected-ending]').textContent();
    expect(said).toContain('LookupError');
    // the facts are still there: the error and its traceback
    expect(await card.textContent()).toContain('no such hook');
  });

  it('keeps the same error an alert where the scenario declares nothing', async () => {
    const card = await runUnder('block');
    expect(await card.getAttribute('data-expected')).toBeNull();
    expect(await card.getAttribute('role')).toBe('alert');
    expect(await p().locator('[data-testid=expected-ending]').count()).toBe(0);
  });

  it('says it in Chinese in the zh interface', async () => {
    await app.page.locator('[data-testid=lang-zh]').click();
    const card = await runUnder('pass');
    expect(await card.getAttribute('data-expected')).toBe('true');
    const said = (await p().locator('[data-testid=expected-ending]').textContent()) ?? '';
    expect(said).toMatch(/[\u4e00-\u9fff]/);
    expect(said).toContain('LookupError');
  });
});
