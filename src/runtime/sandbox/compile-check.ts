/**
 * Compile one lesson file the way the recorder does, without running it: the
 * lesson checker reports a syntax error once, at its file, before any run.
 */
import type { PyodideAPI } from 'pyodide';
import type { CompileError } from './messages';

const COMPILE_CHECK = `
import json

def check(path, code):
    try:
        compile(code, path, "exec", dont_inherit=True)
    except SyntaxError as exc:
        return json.dumps({"type": type(exc).__name__, "message": exc.msg,
                           "line": exc.lineno, "column": exc.offset})
    except (ValueError, TypeError) as exc:
        return json.dumps({"type": type(exc).__name__, "message": str(exc),
                           "line": None, "column": None})
    return None
`;

/** A compiler bound to one interpreter: the syntax error of a file, if any. */
export function makeCompileCheck(
  py: PyodideAPI,
): (path: string, code: string) => CompileError | null {
  // Its own namespace, and its own reference to json: lesson code cannot change it.
  const ns = py.toPy({});
  py.runPython(COMPILE_CHECK, { globals: ns });
  const fn = ns.get('check');
  ns.destroy();
  return (path, code) => {
    const answer = fn(path, code) as string | undefined;
    return typeof answer === 'string' ? (JSON.parse(answer) as CompileError) : null;
  };
}
