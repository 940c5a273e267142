/**
 * The slim Monaco build: editor core plus Python highlighting only, loaded
 * lazily (it is the largest chunk of the app), with its worker bundled by Vite.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/languages/definitions/python/register';
import 'monaco-editor/features/hover/register';
// Editing comforts for author mode: delete/move/copy lines, toggle comments, brackets.
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/bracketMatching/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';

(self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
  getWorker: () => new EditorWorker(),
};

monaco.editor.defineTheme('wpt-light', {
  base: 'vs',
  inherit: true,
  rules: [],
  colors: { 'editor.background': '#fbfbfd' },
});

export { monaco };
/** The Monaco namespace type. */
export type Monaco = typeof monaco;
