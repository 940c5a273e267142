"""The run's stdout/stderr: one growing buffer, with offsets in JavaScript's units."""


class Output:
    """stdout/stderr replacement: one growing buffer, measured in UTF-16 units
    (the unit JavaScript strings use) so offsets line up in the browser."""

    def __init__(self, limit):
        self.parts = []
        self.length = 0
        self.limit = limit
        self.truncated = False

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
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

    def flush(self):
        pass

    def isatty(self):
        return False

    def text(self):
        return "".join(self.parts)
