"""The run's stdout/stderr: one growing buffer, with offsets in JavaScript's units."""

import io

from .render import type_name


class Output(io.TextIOBase):
    """stdout/stderr replacement: one growing buffer, measured in UTF-16 units
    (the unit JavaScript strings use) so offsets line up in the browser.

    A text stream like the one it replaces (`encoding`, `writelines`, `writable()`,
    `buffer` for bytes...), except that it has no file descriptor: `fileno()` raises
    `io.UnsupportedOperation`, as a redirected stream's does."""

    encoding = "utf-8"
    errors = "strict"
    name = "<stdout>"
    mode = "w"
    line_buffering = False

    def __init__(self, limit):
        super().__init__()
        self.parts = []
        self.length = 0
        self.limit = limit
        self.truncated = False
        self.buffer = _BytesOut(self)

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type_name(type(text))}")
        if self.truncated:
            return len(text)
        size = len(text) if text.isascii() else len(text.encode("utf-16-le")) // 2
        if self.length + size > self.limit:
            room = self.limit - self.length
            text = text[:room]
            size = len(text) if text.isascii() else len(text.encode("utf-16-le")) // 2
            self.truncated = True
        self.parts.append(text)
        self.length += size
        return len(text)

    def writable(self):
        return True

    def flush(self):
        pass

    def isatty(self):
        return False

    def text(self):
        return "".join(self.parts)


class _BytesOut(io.RawIOBase):
    """`sys.stdout.buffer`: bytes written there are the same output, decoded as UTF-8."""

    def __init__(self, out):
        super().__init__()
        self.out = out

    def writable(self):
        return True

    def write(self, data):
        data = bytes(data)
        self.out.write(data.decode("utf-8", "replace"))
        return len(data)
