"""An event loop for lesson code: ``asyncio.run(main())`` runs, and is traced, as it would
in plain Python.

Pyodide's own loop belongs to the page: it is always "running" (so CPython's
``asyncio.run`` refuses to start another), it hands callbacks to the browser's event loop
(which cannot turn while a run holds the thread), and Pyodide's ``asyncio.run`` asks
``pyodide_js`` for its settings, which lesson code may not import. During a run, lesson
code gets CPython's ``asyncio.run`` back, no running loop, and a policy whose new loops
are :class:`LessonLoop`: asyncio's own ``BaseEventLoop`` (tasks, futures, timers, ``gather``,
cancellation, timeouts: all CPython's code) with nothing to watch but the clock, since a
lesson has no sockets, pipes or threads. Waiting is real: ``await asyncio.sleep(0.2)``
takes 0.2 s of the run's time budget.

A loop with nothing ready and no timer can never wake (no thread or I/O could wake it):
plain Python would hang there, so the run waits out its time budget and stops as any run
that does not end does.

What a run changes here is put back after it: the policy and ``asyncio.run`` with the
module namespaces (sandbox.py), the running loop by :func:`leave`.
"""

import asyncio
import itertools
import time
from asyncio import base_events, events, runners

from .config import BudgetExceeded

# Taken before any lesson code ran: a lesson that rebinds `time.sleep` does not change how
# its loop waits (CPython's loops wait in `select`, which no lesson patch reaches either).
_sleep, _clock = time.sleep, time.perf_counter


class _Clock:
    """The selector of a loop with nothing to watch: ``select`` only waits out the time
    until the next timer, within the run's budget."""

    def __init__(self, rec):
        self.rec = rec

    def select(self, timeout=None):
        left = self.rec.deadline - _clock()
        if timeout is None or timeout >= left:
            # Nothing can wake the loop before the budget ends (or ever, for None).
            if left > 0:
                _sleep(left)
            self.rec.stop("seconds")
            raise BudgetExceeded("seconds")
        if timeout > 0:
            _sleep(timeout)
        return []

    def close(self):
        pass


class LessonLoop(base_events.BaseEventLoop):
    """asyncio's base event loop over :class:`_Clock`: callbacks, tasks and timers only.
    A task given no name is named from the run's own count (*Task-1* first, as in a fresh
    interpreter): asyncio's count lives in its C module, shared by every run."""

    def __init__(self, rec, task_numbers):
        super().__init__()
        self._selector = _Clock(rec)
        self._task_numbers = task_numbers

    def create_task(self, coro, *, name=None, **kwargs):
        if name is None:
            name = f"Task-{next(self._task_numbers)}"
        return super().create_task(coro, name=name, **kwargs)

    def _process_events(self, event_list):
        pass

    def _write_to_self(self):
        pass  # no other thread can be waiting to wake this loop

    async def shutdown_default_executor(self, timeout=None):
        """asyncio joins the executor's threads from a thread of its own; here no thread
        can start, so its workers never did: shut it down in place. (Otherwise a failed
        ``asyncio.to_thread`` ends the run with a second *can't start new thread* at
        ``asyncio.run``, hiding the line that asked for a thread.)"""
        self._executor_shutdown_called = True
        if self._default_executor is not None:
            self._default_executor.shutdown(wait=False)


class LessonLoopPolicy(events._BaseDefaultEventLoopPolicy):
    """The policy lesson code finds during a run: its new loops are :class:`LessonLoop`."""

    def __init__(self, rec):
        super().__init__()
        task_numbers = itertools.count(1)  # one count for every loop of the run
        self._loop_factory = lambda: LessonLoop(rec, task_numbers)


def enter(rec):
    """Give the run CPython's ``asyncio.run``, no running loop and :class:`LessonLoopPolicy`;
    returns what :func:`leave` puts back (the policy and ``asyncio.run`` are module state,
    put back with the namespaces too)."""
    saved = (events._get_running_loop(), events._event_loop_policy, asyncio.run)
    events._set_running_loop(None)
    events._event_loop_policy = LessonLoopPolicy(rec)
    asyncio.run = runners.run
    return saved


def leave(saved):
    """Put back what :func:`enter` replaced, the host's running loop first."""
    running, policy, run = saved
    events._set_running_loop(running)
    events._event_loop_policy = policy
    asyncio.run = run
