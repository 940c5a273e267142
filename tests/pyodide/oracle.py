"""The oracle of tests/pyodide/oracle.test.ts: a program run with sys.monitoring callbacks
of its own, which write down at every event a trace has (a call, a line, a return, a yield,
a raise, an unwind) what every frame of the program holds, and the value the event hands
over, read from the frames and the objects themselves. Nothing here comes from the
recorder."""

import ast
import builtins
import gc
import json
import sys
import time
import types
from inspect import CO_OPTIMIZED

_TOOL = 4  # a sys.monitoring tool id of its own (the recorder is DEBUGGER_ID, 0)


def _hidden_names(src):
    """Per function name: the names bound only as a comprehension's target."""
    out = {}
    for node in ast.walk(ast.parse(src)):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        targets = set()
        for comp in ast.walk(node):
            if isinstance(comp, ast.comprehension):
                targets.update(id(n) for n in ast.walk(comp.target) if isinstance(n, ast.Name))
        comp_names, other = set(), {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}
        for n in ast.walk(node):
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
                (comp_names if id(n) in targets else other).add(n.id)
        out[node.name] = comp_names - other
    return out


def _plain_instance(v, t):
    """An instance whose classes are all the program's own, over `object` alone, and
    whose attributes are its `__dict__`, read without running any of its code: not an
    exception (shown with its args), no `__slots__`, no `__dict__`, `__getattribute__` or
    `__getattr__` of its own."""
    if isinstance(v, BaseException):
        return False
    for k in t.__mro__[:-1]:
        own = vars(k)
        if k.__module__ != "__main__" or "__slots__" in own or "__getattr__" in own:
            return False
        if "__getattribute__" in own:
            return False
        if "__dict__" in own and type(own["__dict__"]).__name__ != "getset_descriptor":
            return False
    return t.__mro__[-1] is object


def oracle_states(files_json, scenario, limits):
    """Run the files of one run (``[{path, code, role, module}]``, as the recorder gets
    them) as the recorder's sandbox lays them out: each source file a module of its own
    registered under its name, then the setup, scenario script and entry in one `__main__`
    namespace that holds `SCENARIO`. What every frame held at each line, as JSON."""
    files = json.loads(files_json)
    paths = {f["path"] for f in files}
    hidden = {}
    for f in files:
        hidden.update(_hidden_names(f["code"]))
    instances = set()  # the names of the program's classes compared by their attributes
    atoms = (int, str, bool, float, complex, bytes, type(None))
    states = []

    def state(frame, value=None):
        """What every frame from `frame` out holds, and `value` (the returned, yielded or
        raised object; None for a call or a line), with one numbering of objects."""
        frames = []
        while frame is not None:
            if frame.f_code.co_filename in paths:
                frames.append(frame)
            frame = frame.f_back
        ids = {}

        def canon(v, depth):
            t = type(v)
            if any(t is a for a in atoms):  # by identity: `in` would run a metaclass's __eq__
                return repr(v)[: limits["atom"]]
            n = ids.get(id(v))
            if n is not None:
                return f"#{n}"
            n = ids[id(v)] = len(ids) + 1
            if depth > limits["depth"]:
                return f"#{n}"
            many = len(v) > limits["items"] if t is list or t is tuple or t is dict else False
            if t is list or t is tuple:
                items = None if many else [canon(x, depth + 1) for x in v]
                return [n, t.__name__, len(v), items]
            if t is dict:
                items = None if many else [[repr(k), canon(x, depth + 1)] for k, x in v.items()]
                return [n, "dict", len(v), items]
            if t.__module__ == "_asyncio" and t.__name__ in ("Future", "Task"):
                # A future by its state, read now, and what it settled with, by the
                # attributes a program can read (the recorder's C getters are its own).
                instances.add(t.__name__)
                parts = [["_state", repr(v._state)]]
                if v._state == "FINISHED":
                    exc = v._exception
                    parts.append(["_exception", canon(exc, depth + 1)] if exc is not None
                                 else ["_result", canon(v._result, depth + 1)])
                if t.__name__ == "Task" and v._coro is not None:
                    parts.append(["_coro", canon(v._coro, depth + 1)])
                return [n, t.__name__, len(parts), parts]
            if _plain_instance(v, t):
                instances.add(t.__name__)
                d = v.__dict__
                return [n, t.__name__, len(d), [[k, canon(x, depth + 1)] for k, x in d.items()]]
            return [n, "other", t.__name__]

        out = []
        for f in frames:  # innermost first, as the trace's stack
            name = f.f_code.co_name
            # A module's names are its globals (inside an inlined comprehension its
            # f_locals shows only the comprehension's)
            loc = f.f_globals if name == "<module>" else f.f_locals
            # A namespace's dunders are Python's bookkeeping; a function's are its own
            # variables (`__class__`, the cell `super()` reads). A class body's namespace
            # may be a metaclass's dict subclass (Enum's): the code says which it is.
            namespace = not f.f_code.co_flags & CO_OPTIMIZED
            names = []
            for k in sorted(loc.keys()):
                v = loc[k]
                if (namespace and k.startswith("__")) or k in hidden.get(name, ()):
                    continue
                if namespace and isinstance(v, types.ModuleType):
                    continue  # `import json`: a namespace's modules are not shown
                names.append([k, canon(v, 0)])
            out.append([name, names])
        return out, canon(value, 0)

    mon = sys.monitoring

    def note(kind, code, value=None, line=None):
        frame = sys._getframe(2)
        frames, aux = state(frame, value)
        states.append([kind, code.co_name, line or frame.f_lineno or 0, frames, aux])

    def on_line(code, line):
        if code.co_filename not in paths:
            return mon.DISABLE
        note("line", code, line=line)

    def on_start(code, offset):
        if code.co_filename not in paths:
            return mon.DISABLE
        frame = sys._getframe(1)  # the line a call shows: the def's, or the first
        note("call", code, line=frame.f_lineno or code.co_firstlineno)

    def on_exit(kind, local):
        # Local events may be turned off where the code is not the program's; a raise and
        # an unwind are global events, which cannot.
        def callback(code, offset, value):
            # (an `await` or `yield from` whose awaited object finished: the interpreter's
            # own StopIteration, never raised by a line and never seen by the program)
            if type(value) is StopIteration and value.__traceback__ is None:
                return None
            # (an async generator's yield: CPython hands the value out in a wrapper of its
            # own, which only the interpreter and gc can see into)
            if kind == "yield" and type(value).__qualname__ == "async_generator_wrapped_value":
                (value,) = gc.get_referents(value)
            if code.co_filename in paths:
                note(kind, code, value)
                return None
            return mon.DISABLE if local else None

        return callback

    # The run's namespace as the recorder's sandbox lays it out (a program may show it:
    # `y = globals()`)
    main_module = types.ModuleType("__main__")
    main_module.__builtins__ = builtins.__dict__
    main_module.SCENARIO = scenario
    saved = {name: sys.modules.get(name) for name in ["__main__", *(f.get("module") for f in files)]
             if name}

    def elsewhere(code, *args):
        return None if code.co_filename in paths else mon.DISABLE

    ev = mon.events
    # The events the recorder asks for: with starts and resumes instrumented, CPython
    # reports a line right after each (a class body's first line, a generator
    # expression's), which it does not with LINE alone.
    callbacks = {
        ev.LINE: on_line,
        ev.PY_START: on_start,
        ev.PY_RESUME: elsewhere,
        ev.PY_RETURN: on_exit("return", True),
        ev.PY_YIELD: on_exit("yield", True),
        ev.RAISE: on_exit("exception", False),
        ev.PY_UNWIND: on_exit("unwind", False),
    }
    # asyncio.run() on the loop a recorded run gets (the host's loop is the page's)
    from wpt_recorder import asyncloop

    class Budget:  # what the loop reads of a recorder: the run's end, and how to stop
        deadline = time.perf_counter() + 10

        def stop(self, reason):
            pass

    loop_state = asyncloop.enter(Budget())
    mon.use_tool_id(_TOOL, "oracle")
    for event, callback in callbacks.items():
        mon.register_callback(_TOOL, event, callback)
    mon.set_events(_TOOL, sum(callbacks))
    sys.modules["__main__"] = main_module
    try:
        for f in files:
            code = compile(f["code"], f["path"], "exec", dont_inherit=True)
            if f["role"] == "source":
                module = types.ModuleType(f["module"])
                module.__file__ = f["path"]
                module.__builtins__ = builtins.__dict__
                sys.modules[f["module"]] = module
                exec(code, module.__dict__)
            else:
                main_module.__file__ = f["path"]
                exec(code, main_module.__dict__)
    except BaseException:
        pass
    finally:
        mon.set_events(_TOOL, 0)
        for event in callbacks:
            mon.register_callback(_TOOL, event, None)
        mon.free_tool_id(_TOOL)
        asyncloop.leave(loop_state)
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
    return json.dumps({"states": states, "instances": sorted(instances)})
