"""How a run's failure is described: the lesson's own frames only, with its place."""

import traceback

from .config import MAX_CALL_DEPTH


def describe_exception(exc, lesson_files):
    """`{type, message, file, line, column, traceback}` of a lesson's uncaught exception,
    keeping only the frames of `lesson_files` (a set of paths)."""
    frames = [fs for fs in traceback.extract_tb(exc.__traceback__) if fs.filename in lesson_files]
    if isinstance(exc, SyntaxError) and exc.filename in lesson_files:
        return syntax_error(exc)
    where = frames[-1] if frames else None
    lines = ["Traceback (most recent call last):\n"]
    lines += traceback.format_list(frames)
    lines += traceback.format_exception_only(type(exc), exc)
    message = str(exc)
    if isinstance(exc, RecursionError):
        message = f"{message} (the recursion went too deep)"
    return {
        "type": type(exc).__name__,
        "message": message,
        "file": where.filename if where else None,
        "line": where.lineno if where else None,
        "column": (where.colno + 1) if where and where.colno is not None else None,
        "traceback": "".join(lines),
    }


def syntax_error(exc):
    column = exc.offset if exc.offset else None
    lines = traceback.format_exception_only(type(exc), exc)
    return {
        "type": type(exc).__name__,
        "message": exc.msg,
        "file": exc.filename,
        "line": exc.lineno,
        "column": column,
        "traceback": "".join(lines),
    }


def budget_message(reason, max_events, max_seconds):
    if reason == "events":
        return f"stopped after {max_events:,} events (the event budget)"
    if reason == "interrupted":
        return "the run was interrupted because it took too long"
    if reason == "depth":
        return f"stopped when calls were nested {MAX_CALL_DEPTH:,} deep (runaway recursion)"
    return f"stopped after {max_seconds:g} s (the time budget)"
