/** The files of one run of a lesson's panel: pure, small, and needed by the page at start. */
import type { Lesson, RunFile } from './lesson.ts';

/**
 * The files of one (panel, scenario) run, in execution order: every source (with its
 * module name), the setup, the scenario script if any, then the panel's entry.
 * Paths are the file names to compile with. Throws on an unknown panel, or a scenario
 * the panel does not offer: that is a caller bug, not a lesson error.
 */
export function buildRunFiles(lesson: Lesson, panelId: string, scenarioId: string): RunFile[] {
  const panel = lesson.panels.find((p) => p.id === panelId);
  if (!panel) throw new Error(`lesson ${lesson.id} has no panel ${JSON.stringify(panelId)}`);
  const scenario = panel.scenarios.find((s) => s.id === scenarioId);
  if (!scenario) {
    throw new Error(
      `panel ${lesson.id}/${panelId} does not offer scenario ${JSON.stringify(scenarioId)} (it offers: ${panel.scenarios.map((s) => s.id).join(', ')})`,
    );
  }
  const files: RunFile[] = lesson.sources.map((s) => ({
    path: s.path,
    code: s.code,
    role: 'source',
    module: s.module,
  }));
  files.push({ path: lesson.setup.path, code: lesson.setup.code, role: 'setup' });
  if (scenario.script)
    files.push({ path: scenario.script.path, code: scenario.script.code, role: 'scenario' });
  files.push({ path: panel.entry.path, code: panel.entry.code, role: 'entry' });
  return files;
}
