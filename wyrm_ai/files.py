"""Writing files so that a failed write never costs the copy already on disk, and reading them
without blocking on a pipe or filling memory from a device."""
from __future__ import annotations

import contextlib
import os
import stat
import tempfile


def write_atomic(path, text: str, *, overwrite: bool = True) -> None:
    """Write text (UTF-8) to path through a temporary file in the same folder, flushed and
    fsynced, then moved over path with os.replace. With overwrite=False an existing path is never
    replaced: FileExistsError. On any failure path is as it was and the temporary file is gone.
    Raises OSError, or ValueError for a name holding a NUL byte."""
    path = os.fspath(path)
    folder = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".part", dir=folder)
    try:
        os.fchmod(fd, _mode_for(path))
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if overwrite:
            os.replace(tmp, path)
        else:
            os.link(tmp, path)            # fails if path exists: never clobbers
            os.unlink(tmp)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):    # make the rename itself durable (best effort)
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def _mode_for(path: str) -> int:
    """An existing file keeps its permissions; a new one gets the usual 0o666 less the umask."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def read_regular(path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most max_bytes. A FIFO, device, directory or socket is
    refused (ValueError) without blocking or reading it; so is a larger file. Raises OSError
    when the file cannot be opened."""
    fd = os.open(os.fspath(path), os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("not a regular file")
        if info.st_size > max_bytes:
            raise ValueError(f"larger than {max_bytes:,} bytes")
        chunks, size = [], 0
        while size <= max_bytes:
            chunk = os.read(fd, max_bytes + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > max_bytes:
            raise ValueError(f"larger than {max_bytes:,} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)
