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
  // Token colours darker than the 'vs' defaults, so that every token keeps a contrast of
  // at least 4.5:1 on the current-line and step highlights too (WCAG AA, checked by axe).
  rules: [
    { token: 'comment', foreground: '2f6a1f' },
    { token: 'string', foreground: '8f1717' },
    { token: 'number', foreground: '0a6245' },
    { token: 'type', foreground: '1c5f73' },
    { token: 'regexp', foreground: '7a1d3a' },
    { token: 'keyword', foreground: '0000d0' },
  ],
  colors: { 'editor.background': '#fbfbfd', 'editorLineNumber.foreground': '#4f5b6e' },
});

export { monaco };
/** The Monaco namespace type. */
export type Monaco = typeof monaco;
