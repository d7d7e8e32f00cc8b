"""Input and output ports over host streams.

An input port pulls text from a *source*: a callable returning the next
chunk (a line, for a terminal) or "" at end of input.  So one class serves a
terminal, a string, a file and another program playing the other side of a
game.  `read` finds the first complete datum in the buffer with the reader
and leaves the rest (the newline after `heads`) for `peek-char`.

An output port pushes text to a *sink* callable.  Reading from an input
port first flushes the output ports tied to it, so prompts appear before
the program waits.
"""

from __future__ import annotations

from .datatypes import EOF, ErrorObject
from .errors import InputExhausted, ReadError, SchemeError, position_after


class Port:
    """A port: `open` until closed; `closer` (or None) releases what it reads or writes."""

    __slots__ = ("name", "open", "closer")

    textual = True

    def _setup(self, name, closer=None) -> None:
        self.name = name
        self.open = True
        self.closer = closer

    def scheme_repr(self) -> str:
        kind = "input" if isinstance(self, InputPort) else "output"
        return f"#<{kind}-port {self.name}>"

    def flush(self) -> None:
        """Push buffered output to its destination (nothing to do for most ports)."""

    def close(self) -> None:
        """Close the port (again: no effect), flushing output and releasing its file."""
        if not self.open:
            return
        self.flush()
        self.open = False
        if self.closer is not None:
            closer, self.closer = self.closer, None
            closer()


class InputPort(Port):
    pass


class OutputPort(Port):
    pass


class TextInputPort(InputPort):
    """A textual input port reading chunks from `source`.

    `eof_limit`: after this many consecutive reads at end of input, the port
    raises InputExhausted instead of answering EOF yet again (a program that
    loops on EOF would otherwise spin forever).
    """

    __slots__ = ("source", "buf", "pos", "at_eof", "line", "column", "after_cr", "before_read", "eof_reads",
                 "eof_limit", "ready", "ahead", "ahead_at", "ahead_buf", "no_batch", "batch_size")

    def __init__(self, source, name="<input>", before_read=None, eof_limit=1000, ready=None, closer=None):
        self._setup(name, closer)
        self.source = source
        self.buf = ""
        self.pos = 0
        self.at_eof = False
        # Where buf[pos] is in the port's text; after_cr: the character before
        # it was a carriage return (a linefeed next ends the same line).
        self.line = 1
        self.column = 1
        self.after_cr = False
        self.before_read = before_read
        self.eof_reads = 0
        self.eof_limit = eof_limit
        self.ready = ready
        # `read` reads the datums already buffered in one go (read_batch) and
        # hands them out one by one: `ahead` (last first), valid while the
        # port is still at `ahead_at`, where the last `read` left it, in the
        # same `ahead_buf`.  A batch reads to the end of the line that is
        # `batch_size` characters on: 0 at first and after other reads came
        # between two `read`s (a batch would be thrown away), doubling while
        # `read`s come one after another.  `no_batch` is (buffer, index): no
        # batch before that index of that buffer.
        self.ahead: list = []
        self.ahead_at = -1
        self.ahead_buf = None
        self.no_batch = (None, 0)
        self.batch_size = 0

    # -- buffer management --------------------------------------------------
    def _pull(self) -> str:
        """The next chunk from the source, "" at end of input."""
        if self.at_eof:
            return ""
        if self.before_read is not None:
            self.before_read()
        chunk = self.source()
        if not chunk:
            self.at_eof = True
            return ""
        return chunk

    def _fill(self) -> bool:
        """Append the next chunk from the source; False at end of input."""
        chunk = self._pull()
        if not chunk:
            return False
        if self.pos:
            self.buf = self.buf[self.pos :]
            self.pos = 0
        self.buf += chunk
        return True

    def _advance(self, end: int) -> None:
        text = self.buf[self.pos : end]
        if "\n" in text or "\r" in text:
            self.line, self.column, self.after_cr = position_after(text, self.line, self.column, self.after_cr)
        elif text:
            self.column += len(text)
            self.after_cr = False
        self.pos = end

    def _eof(self):
        self.eof_reads += 1
        if self.eof_limit is not None and self.eof_reads > self.eof_limit:
            raise InputExhausted(
                f"{self.name} is exhausted, but the program kept reading "
                f"({self.eof_reads} reads at end of input)"
            )
        return EOF

    # -- operations -----------------------------------------------------------
    def read_char(self):
        pos = self.pos
        if pos >= len(self.buf):
            if not self._fill():
                return self._eof()
            pos = self.pos
        c = self.buf[pos]
        if c == "\n" or c == "\r":
            self._advance(pos + 1)
        else:  # (_advance's work for one character on the same line)
            self.pos = pos + 1
            self.column += 1
            self.after_cr = False
        self.eof_reads = 0
        return c

    def peek_char(self):
        if self.pos >= len(self.buf) and not self._fill():
            return self._eof()
        self.eof_reads = 0
        return self.buf[self.pos]

    def read_line(self):
        """Read up to a line end: a linefeed, a carriage return, or both (R7RS 6.13.2)."""
        while True:
            i = self._line_end()
            if i >= 0:
                line = self.buf[self.pos : i]
                if i + 1 == len(self.buf) and self.buf[i] == "\r":
                    self._fill()  # is the CR followed by a LF?  (_fill may move the text to buf[0])
                end = self.pos + len(line) + 1
                if self.buf.startswith("\r\n", end - 1):
                    end += 1
                self._advance(end)
                self.eof_reads = 0
                return line
            if not self._fill():
                if self.pos < len(self.buf):
                    line = self.buf[self.pos :]
                    self._advance(len(self.buf))
                    self.eof_reads = 0
                    return line
                return self._eof()

    def _line_end(self) -> int:
        nl = self.buf.find("\n", self.pos)
        cr = self.buf.find("\r", self.pos, nl if nl >= 0 else len(self.buf))
        return cr if cr >= 0 else nl

    def read_string(self, k: int):
        if k == 0:
            return ""
        while len(self.buf) - self.pos < k and self._fill():
            pass
        if self.pos >= len(self.buf):
            return self._eof()
        text = self.buf[self.pos : self.pos + k]
        self._advance(self.pos + len(text))
        self.eof_reads = 0
        return text

    def char_ready(self) -> bool:
        if self.pos < len(self.buf) or self.at_eof:
            return True
        if self.ready is not None:
            return bool(self.ready())
        return True

    def read_datum(self):
        from .reader import start_reading

        ahead = self.ahead
        if self.ahead_at == self.pos and self.ahead_buf is self.buf:
            # Nothing else has read from this port since the last `read`.
            if ahead:
                datum, end = ahead.pop()
                self._advance(end)
                self.ahead_at = self.pos
                self.eof_reads = 0
                return datum
            self.batch_size = min(max(256, 2 * self.batch_size), BATCH_WINDOW)
        elif ahead:
            ahead.clear()
            self.batch_size = 0
        no_buf, no_before = self.no_batch
        if not (no_buf is self.buf and self.pos < no_before):
            datum = self._read_batch()
            if datum is not _NONE:
                return datum
        reading = start_reading(self.buf, self.pos, self.name, self.line, self.column, self.after_cr)
        start = self.pos  # `end` below counts from buf[0] as it is now
        try:
            chunks = []
            try:
                result = reading.advance(at_eof=self.at_eof)
                while result is None and not self.at_eof:
                    # The datum goes on past the buffer: lex each new chunk
                    # once, and join the buffer once at the end.
                    chunk = self._pull()
                    chunks.append(chunk)
                    more_ready = self.ready is not None and not self.at_eof and bool(self.ready())
                    result = reading.advance(chunk, at_eof=self.at_eof, more_ready=more_ready)
            finally:
                if chunks:
                    # What was read before pos goes, as _fill drops it.
                    self.buf = self.buf[self.pos :] + "".join(chunks)
                    self.pos = 0
        except ReadError as exc:
            # Drop the rest of the offending line so the next read goes on.
            self._advance(self._past_line_end())
            err = SchemeError(ErrorObject(f"read: {exc.message}", (), kind="read"))
            err.span = exc.span
            raise err from None
        if result is None:
            # At the end of input, with only whitespace or comments left.
            self._advance(len(self.buf))
            return self._eof()
        located, end = result
        self._advance(end - (start - self.pos))
        self.ahead_at = self.pos
        self.ahead_buf = self.buf
        self.eof_reads = 0
        return located[0][0]

    def _past_line_end(self) -> int:
        """The index just past the line ending that ends the line at pos (or the buffer's end)."""
        i = self._line_end()
        if i < 0:
            return len(self.buf)
        if self.buf.startswith("\r\n", i):
            return i + 2
        return i + 1

    def _read_batch(self):
        """Read the buffered datums at once; return the first, or _NONE to read one by one."""
        from .reader import read_batch

        buf, pos = self.buf, self.pos
        stop = min(len(buf), pos + BATCH_WINDOW)
        # The end of the line `batch_size` characters on (of the next line
        # when the port stands at a line's end).
        cut = buf.find("\n", min(pos + 1 + self.batch_size, stop), stop)
        if cut < 0:
            cut = stop
            if stop < len(buf) or not self.at_eof:
                # Cut at whitespace, so that no token can run on past the cut.
                cut = max(buf.rfind(c, pos, stop) for c in " \n\t\r")
        if cut <= pos or buf.find("#!", pos, cut) >= 0:
            # Nothing whole to read, or a #!fold-case directive (read_prefix
            # gives it its per-read meaning).
            self.no_batch = (buf, max(cut, pos + 1))
            return _NONE
        batch = read_batch(buf, pos, cut, self.name, self.line, self.column, self.after_cr)
        if not batch:
            # One datum longer than the window, or an error to report: read
            # one by one until past the cut.
            self.no_batch = (buf, cut)
            return _NONE
        batch.reverse()
        datum, end = batch.pop()
        self._advance(end)
        self.ahead = batch
        self.ahead_at = self.pos
        self.ahead_buf = buf
        self.eof_reads = 0
        return datum


# Text `read` parses ahead at most (characters); see TextInputPort._read_batch.
BATCH_WINDOW = 1 << 14
_NONE = object()


# Characters a file port takes from its file at a time.
FILE_CHUNK = 1 << 16


def string_source(text: str):
    """Return a source that yields `text` once (then end of input)."""
    chunks = [text]

    def source():
        return chunks.pop() if chunks else ""

    return source


class TextOutputPort(OutputPort):
    """A textual output port writing to `sink(text)`; `flusher()` flushes it."""

    __slots__ = ("sink", "flusher", "column")

    def __init__(self, sink, flusher=None, name="<output>", closer=None):
        self._setup(name, closer)
        self.sink = sink
        self.flusher = flusher
        self.column = 0

    def write(self, text: str) -> None:
        if text:
            self.sink(text)
            nl = text.rfind("\n")
            self.column = len(text) - nl - 1 if nl >= 0 else self.column + len(text)

    def flush(self) -> None:
        if self.flusher is not None and self.open:
            self.flusher()


class StringOutputPort(TextOutputPort):
    """Collects output; `limit` caps the characters kept (the rest are counted).

    Without a limit a write only appends its text to `parts` (generated code
    does so itself: inline.PORT_WRITES), and the port's `column` and `size`
    are worked out when asked, from the text kept (the write of a short text
    took twice as long when each write set the column); with one, each write
    sets both, as TextOutputPort's does, from all it was given, kept or not."""

    __slots__ = ("parts", "_size", "limit", "dropped", "_column")

    def __init__(self, name="<string>", limit=None):
        self.parts: list[str] = []
        self._size = 0
        self.limit = limit
        self.dropped = 0
        # (TextOutputPort's and Port's set-up, written out: a port is made per string built.)
        self.name = name
        self.open = True
        self.closer = None
        self.sink = self._collect
        self.flusher = None
        self._column = 0

    @property
    def size(self) -> int:
        """The characters kept."""
        return self._size if self.limit is not None else sum(map(len, self.parts))

    def _collect(self, text: str) -> None:
        if self.limit is not None:
            nl = text.rfind("\n")
            self._column = len(text) - nl - 1 if nl >= 0 else self._column + len(text)
            if self._size + len(text) > self.limit:
                keep = max(0, self.limit - self._size)
                self.dropped += len(text) - keep
                text = text[:keep]
            self._size += len(text)
        if text:
            self.parts.append(text)

    def write(self, text: str) -> None:
        # TextOutputPort.write, _collect's work in line for a port without a limit.
        if text:
            if self.limit is None:
                self.parts.append(text)
            else:
                self._collect(text)

    @property
    def column(self) -> int:
        """The characters written since the last line ended."""
        if self.limit is not None:
            return self._column
        column = 0
        for part in reversed(self.parts):
            nl = part.rfind("\n")
            if nl >= 0:
                return column + len(part) - nl - 1
            column += len(part)
        return column

    @column.setter
    def column(self, value: int) -> None:
        self._column = value

    def getvalue(self) -> str:
        if len(self.parts) > 1:
            self.parts = ["".join(self.parts)]
        return self.parts[0] if self.parts else ""


class BinaryInputPort(InputPort):
    __slots__ = ("data", "pos")
    textual = False

    def __init__(self, data: bytes, name="<bytevector>"):
        self._setup(name)
        self.data = bytes(data)
        self.pos = 0


class BinaryOutputPort(OutputPort):
    """A binary output port: collects bytes in `data`, or with a `sink` (a file's
    write) passes them on, `flusher()` flushing them."""

    __slots__ = ("data", "sink", "flusher")
    textual = False

    def __init__(self, name="<bytevector>", sink=None, flusher=None, closer=None):
        self._setup(name, closer)
        self.data = bytearray()
        self.sink = sink
        self.flusher = flusher

    def write_bytes(self, data) -> None:
        if self.sink is None:
            self.data += data
        elif data:
            self.sink(bytes(data))

    def flush(self) -> None:
        if self.flusher is not None and self.open:
            self.flusher()
