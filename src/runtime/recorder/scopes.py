"""What the recorder keeps about each live frame between its events (`FrameState`) and
about each set of bindings it records (`Scope`: a function frame's locals, or a namespace
that several module frames may share), and how a frame gets them (`frame_state`)."""

import sys

from .comprehensions import comprehension_regions

# A function frame's `f_locals` (PEP 667's write-through proxy); any other frame's is its
# namespace: a module's globals, or a class body's (a metaclass's `__prepare__` may make
# that a dict subclass, as Enum's does, or any mapping).
LOCALS_PROXY = type((lambda: sys._getframe().f_locals)())


class Scope:
    """The bindings recorded for one frame's names, or one namespace (a module's globals,
    a class body), which several module frames may share."""

    __slots__ = ("fid", "ns", "keys", "vals", "pos", "nids", "held", "cache")

    def __init__(self, fid, ns):
        self.fid = fid  # the frame id deltas of this scope are recorded under
        self.ns = ns  # the namespace dict, or None for a function frame
        self.keys = None  # function frames: the names at the previous look...
        self.vals = None  # ...and their objects (held: identity checks stay exact)
        self.pos = None  # name -> index in keys
        self.nids = None  # the name table's index of each of keys
        self.held = 0  # how many of vals are not atoms (0: the names' values need no look)
        self.cache = {}  # namespaces: name -> object, as recorded


class FrameState:
    """What the recorder keeps about one live frame between its events."""

    __slots__ = ("frame", "code", "scope", "line", "resumed", "depth", "returned", "real",
                 "comprehensions", "lines", "raised", "loc", "plain", "saved", "watch", "args")

    def __init__(self, frame, scope, depth):
        self.frame = frame
        self.code = frame.f_code
        self.scope = scope
        self.line = 0  # the line of the frame's previous event (0: none yet)
        self.resumed = False  # a generator resumed since its previous event
        self.depth = depth
        # Objects callees returned (or yielded) to this frame since its previous event:
        # its line may change them with no name of its own (`find(k).append(x)`). Held
        # weakly where they can be (lifetimes.weakly): the line may drop them.
        self.returned = None
        self.real = 0  # frames on the thread's stack with this one on top (0: not known)
        self.comprehensions = ()  # comprehensions.comprehension_regions of a function's code
        self.lines = None  # lines.Lines.table_of(code): what each of its lines touches
        self.raised = False  # an exception was raised in it since its previous event
        # A function frame's `f_locals` proxy, made once: a live view of the frame, so it
        # reads the locals as they are at each event (None for a namespace).
        self.loc = None
        # A function frame with no inlined comprehension: the LINE callback records its
        # ordinary lines itself (events.line_callback)
        self.plain = False
        # (comprehension's first offset, name) -> the value the function held when its line
        # hid the name (comprehensions.instruction_callback); None until one is saved
        self.saved = None
        # A generator's or coroutine's frame: a weak reference to it (lifetimes.
        # watch_suspended), that ends the frame if it dies suspended
        self.watch = None
        # A function frame's arguments as its first look found them, by id: Python 3.14
        # may hold one in the frame without a reference of its own, borrowed from the
        # caller (returning.py); None until that look
        self.args = None


def frame_state(self, fid, frame):
    st = self.frame_states.get(fid)
    if st is not None:
        return st
    loc = frame.f_locals
    tp = type(loc)
    if tp is LOCALS_PROXY:
        scope = Scope(fid, None)
    else:  # module and class bodies: a namespace, maybe shared
        if tp is not dict and not issubclass(tp, dict):
            loc = {}  # a mapping of a metaclass's own: reading it would run its code
        entry = self.scopes.get(id(loc))
        if entry is None or entry.ns is not loc:
            entry = self.scopes[id(loc)] = Scope(fid, loc)
        scope = entry
    st = self.frame_states[fid] = FrameState(frame, scope, self.frames[fid][3])
    st.lines = self.lines.table_of(st.code)
    if scope.ns is None:
        st.loc = loc
        code = st.code
        regions = self.comprehensions.get(code)
        if regions is None:
            regions = self.comprehensions[code] = comprehension_regions(code)
        st.comprehensions = regions
        st.plain = not regions
    return st
