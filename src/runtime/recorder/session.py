"""One run from request to trace, in two calls: ``run`` compiles the lesson's files and
runs them in the sandbox with the callbacks attached, and puts the interpreter back;
``write`` serialises what was recorded. Between the two no lesson code runs any more, so
the caller can tell its watchdog that what is left is the recorder's own work."""

import linecache
import time
import warnings

from . import asyncloop
from .config import MAX_CALL_DEPTH, BudgetExceeded
from .finalize import names_weak_references
from .lifetimes import unawaited_warning
from .monitor import Recorder
from .sandbox import Sandbox, adopt
from .serialise import serialise
from .tracebacks import budget_message, describe_exception, syntax_error


def compile_all(rec):
    """Compile every file of the run: ``(compiled, warnings)``. The compiler's warnings
    (a SyntaxWarning such as ``return`` in ``finally``) are caught, every time, to be
    shown in the run's output as Python would print them."""
    compiled = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for idx, f in enumerate(rec.files):
            # Let tracebacks quote the lesson's own lines.
            lines = f["code"].splitlines(True)
            linecache.cache[f["path"]] = (len(f["code"]), None, lines, f["path"])
            code = compile(f["code"], f["path"], "exec", dont_inherit=True)
            rec.register_code(code, idx)
            rec.code_lines.append(code_lines(code))
            compiled.append((f, code))
    shown = [warnings.formatwarning(w.message, w.category, w.filename, w.lineno) for w in caught]
    return compiled, shown


def forget_lines(rec):
    """Take the run's files out of ``linecache`` again (``compile_all`` put them there for
    its tracebacks), so that the sandbox finds the cache as the baseline has it and its
    check of the usual case, nothing changed, holds (containers.py)."""
    for f in rec.files:
        linecache.cache.pop(f["path"], None)


def code_lines(code):
    """The lines of a file that have code Python can stop at (a line event can happen on
    them), from every code object in it: not blank lines, comments, docstrings of
    functions, nor an ``else:`` line on its own."""
    lines = set()
    stack = [code]
    while stack:
        c = stack.pop()
        lines.update(line for _start, _end, line in c.co_lines() if line)
        stack.extend(k for k in c.co_consts if isinstance(k, type(code)))
    return sorted(lines)


def write(ran):
    """The trace of a finished run (what ``run`` returned): ``(meta_json, columns_bytes)``."""
    return serialise(*ran)


def run(request):
    """Run one request (a parsed dict) to its end and put the interpreter back:
    ``(rec, outcome, error, elapsed)``, for ``write``."""
    started = time.perf_counter()
    # What the host imported since the last run joins the baseline now, before compiling:
    # the compiler can import on the lesson's behalf (unicodedata, for a name that is not
    # ASCII), and that import is the run's, put back after it like any other.
    adopt()
    rec = Recorder(request)
    try:
        compiled, compile_warnings = compile_all(rec)
    except SyntaxError as exc:
        error = syntax_error(exc)
        forget_lines(rec)
        return rec, "error", error, time.perf_counter() - started

    error = None
    outcome = "completed"
    sandbox = Sandbox()
    rec.attach()
    rec.values.recorder = rec  # objects that die from now on are noticed (lifetimes.py)
    rec.values.weak_code = names_weak_references(rec.codes)
    sandbox.enter(rec.output, rec.module_written)
    loop_state = asyncloop.enter(rec)  # asyncio.run() on a loop of the run's own
    # (put back below, before the recorder lets go of the run's objects: what dies then
    # has no lesson line left to name)
    warn_unawaited = warnings._warn_unawaited_coroutine
    warnings._warn_unawaited_coroutine = unawaited_warning(rec)
    rec.recursion = sandbox.recursion
    namespace = sandbox.namespace(SCENARIO=rec.scenario)
    module = None
    for text in compile_warnings:
        rec.output.write(text)
    rec.deadline = time.perf_counter() + rec.max_seconds
    try:
        for f, code in compiled:
            if f.get("role") == "source":
                module = sandbox.new_module(f["module"], f["path"])
                exec(code, module.__dict__)
            else:
                namespace["__file__"] = f["path"]
                exec(code, namespace)
    except BudgetExceeded as exc:
        outcome = "stopped"
        reason = str(exc)
        # The UI words the stop in the reader's language from reason + limit;
        # the English message is for the command line.
        limit = {"events": rec.max_events, "depth": MAX_CALL_DEPTH}.get(reason, rec.max_seconds)
        error = {"type": "BudgetExceeded", "reason": reason, "limit": limit,
                 "message": budget_message(reason, rec.max_events, rec.max_seconds)}
    except KeyboardInterrupt as exc:
        if rec.stopped == "interrupted":  # the watchdog's (Recorder.on_interrupt)
            outcome = "stopped"
            error = {"type": "KeyboardInterrupt", "reason": "interrupted",
                     "message": "the run was interrupted because it took too long"}
        else:  # raised by the program itself: its own exception
            outcome = "error"
            error = describe_exception(exc, rec.file_index, rec.refused)
    except BaseException as exc:  # the lesson code's own uncaught exception
        outcome = "error"
        error = describe_exception(exc, rec.file_index, rec.refused)
        if isinstance(exc, SystemExit) and not isinstance(exc.code, (int, type(None))):
            # As Python ends a program on sys.exit("bye"): the message on stderr.
            rec.output.write(error["message"] + "\n")
    finally:
        # The run's time is the lesson's: putting the interpreter back is not part of it.
        elapsed = time.perf_counter() - started
        rec.detach()
        asyncloop.leave(loop_state)
        warnings._warn_unawaited_coroutine = warn_unawaited
        del namespace, module  # the run's objects are the interpreter's alone now
        rec.release()
        forget_lines(rec)
        sandbox.leave(rec.codes)
    return rec, outcome, error, elapsed
