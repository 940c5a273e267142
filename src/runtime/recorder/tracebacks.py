"""How a run's failure is described: the lesson's own frames only, with its place, in
bounded size. Repeated cycles of frames are folded, not only a repeated line: a
RecursionError through a decorator alternates ``wrapper`` and the decorated function,
which Python's own "[Previous line repeated …]" never folds."""

import traceback

from .config import MAX_CALL_DEPTH
from .render import type_name

# Private references: lesson code can replace the real builtins' (`print.__self__.id`),
# and describing its error must not call it back.
_id = id
_isinstance = isinstance
# An exception's links, read through BaseException's own descriptors (never a lesson
# exception class's __getattribute__).
_cause = BaseException.__dict__["__cause__"].__get__
_context = BaseException.__dict__["__context__"].__get__
_suppress = BaseException.__dict__["__suppress_context__"].__get__

# The longest cycle of frames folded ("wrapper → ackermann" is 2).
MAX_CYCLE = 8
# A cycle repeated at least this many times is folded (shown once, then counted).
MIN_REPEATS = 3
# Frames kept at each end of a traceback that is still longer once folded.
KEEP_FRAMES = 40
# Longest message kept (an exception can carry megabytes of text).
MAX_MESSAGE = 2000


def _key(frame):
    return (frame.filename, frame.lineno, frame.name)


def fold_frames(frames):
    """``[(frames, repeats)]``: consecutive runs of one cycle of frames, as few and as
    short as possible. ``repeats`` is how many times the block occurs in a row."""
    keys = [_key(f) for f in frames]
    out = []
    i = 0
    n = len(frames)
    while i < n:
        best_k, best_r = 1, 1
        for k in range(1, min(MAX_CYCLE, (n - i) // 2) + 1):
            block = keys[i:i + k]
            r = 1
            while keys[i + r * k:i + (r + 1) * k] == block:
                r += 1
            if r >= MIN_REPEATS and r * k > best_r * best_k:
                best_k, best_r = k, r
        if best_r >= MIN_REPEATS:
            out.append((frames[i:i + best_k], best_r))
            i += best_k * best_r
        else:
            out.append((frames[i:i + 1], 1))
            i += 1
    return out


def format_frames(frames):
    """The traceback lines of `frames`, folded (see the module comment) and bounded."""
    lines = []
    shown = 0
    folded = fold_frames(frames)
    total = sum(len(block) for block, _ in folded)
    for index, (block, repeats) in enumerate(folded):
        if total > 2 * KEEP_FRAMES and shown >= KEEP_FRAMES:
            rest = folded[index:]
            tail = []
            kept = 0
            for b, r in reversed(rest):
                if kept + len(b) > KEEP_FRAMES:
                    break
                tail.append((b, r))
                kept += len(b)
            tail.reverse()
            skipped = sum(len(b) * r for b, r in rest[: len(rest) - len(tail)])
            lines.append(f"  [… {skipped:,} more frames …]\n")
            for b, r in tail:
                lines += _block_lines(b, r)
            break
        lines += _block_lines(block, repeats)
        shown += len(block)
    return lines


def _block_lines(block, repeats):
    lines = list(traceback.format_list(block))
    if repeats > 1:
        names = " → ".join(f.name for f in block)
        lines.append(f"  [… {repeats - 1:,} more times: {names}]\n")
    return lines


def _message(exc):
    try:
        message = str(exc)
    except Exception as err:  # a lesson's __str__ may raise anything
        message = f"<str() failed: {type_name(type(err))}>"
    if len(message) > MAX_MESSAGE:
        message = f"{message[:MAX_MESSAGE]}… ({len(message):,} characters)"
    return message


_CAUSE = "\nThe above exception was the direct cause of the following exception:\n\n"
_CONTEXT = "\nDuring handling of the above exception, another exception occurred:\n\n"
MAX_CHAIN = 4  # chained exceptions shown before the last one


def _lesson_frames(exc, lesson_files, refused):
    """The traceback's entries in lesson files, without the frame the recorder refused
    to start (`refused`: see monitor.Recorder.on_start; plain Python never entered it)."""
    tb = exc.__traceback__
    frames = [f for f, _ in traceback.walk_tb(tb)]
    entries = traceback.extract_tb(tb)
    return [fs for f, fs in zip(frames, entries, strict=False)
            if f is not refused and fs.filename in lesson_files]


def _section(exc, frames):
    message = _message(exc)
    lines = ["Traceback (most recent call last):\n"]
    lines += format_frames(frames)
    name = type_name(type(exc))  # C: never a metaclass's code
    lines.append(f"{name}: {message}\n" if message else f"{name}\n")
    notes = getattr(exc, "__notes__", None)
    if isinstance(notes, (list, tuple)):
        lines += [f"{note}\n" for note in notes if isinstance(note, str)]
    return lines


def _chain(exc, lesson_files, refused):
    """The sections of the exceptions `exc` was raised from or while handling, oldest
    first, as Python prints them above its own."""
    lines = []
    seen = {_id(exc)}
    for _ in range(MAX_CHAIN):
        cause = _cause(exc)
        link = _CAUSE
        if cause is None and not _suppress(exc):
            cause, link = _context(exc), _CONTEXT
        if not _isinstance(cause, BaseException) or _id(cause) in seen:
            break
        seen.add(_id(cause))
        lines = [*_section(cause, _lesson_frames(cause, lesson_files, refused)), link, *lines]
        exc = cause
    return lines


def describe_exception(exc, lesson_files, refused=None):
    """`{type, message, file, line, column, traceback}` of a lesson's uncaught exception,
    keeping only the frames of `lesson_files` (a set of paths), with the exceptions it
    was raised from or while handling above it."""
    frames = _lesson_frames(exc, lesson_files, refused)
    if isinstance(exc, SyntaxError) and exc.filename in lesson_files:
        return syntax_error(exc)
    where = frames[-1] if frames else None
    message = _message(exc)  # the last exception's, for the error box
    lines = _chain(exc, lesson_files, refused)
    lines += _section(exc, frames)
    if isinstance(exc, RecursionError):
        message = f"{message} (the recursion went too deep)"
    return {
        "type": type_name(type(exc)),
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
        "type": type_name(type(exc)),
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
