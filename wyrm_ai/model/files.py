"""Writing files so that a failed write never costs the copy already on disk, and reading them
without blocking on a pipe or filling memory from a device.

Files are only ever regular files (issue 29 item 9): every write (write_atomic) refuses a target
that exists and is not a regular file -- a device, FIFO, directory or socket, or a symbolic link
to one -- before it opens anything, so a save never replaces /dev/full with a regular file; every
read (read_regular) refuses the same kinds without blocking and caps the size. Both raise
FileRefused, an OSError whose strerror says what was wrong ("not a regular file (a FIFO)").

A write in progress holds an exclusive lock (flock) on its temporary file, `.tmp-XXXXXXXX.part`,
until the file has its name; a process killed mid-write (kill -9) leaves that file behind, unlocked.
remove_stale_temporaries removes such leftovers of our own naming, and only those (issue 29
item 8): `wyrm play` calls it on its save's folder when it starts."""
from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
import time

try:
    import fcntl
except ImportError:                  # no flock (Windows): temporary files are never judged stale
    fcntl = None

MAX_READ_BYTES = 4 * 2**20       # the cap of a save, a position or a Rootlog record read from a file
TEMP_PREFIX, TEMP_SUFFIX = ".tmp-", ".part"
TEMP_NAME = re.compile(r"\.tmp-[a-z0-9_]{8}\.part")   # tempfile.mkstemp's 8 characters between them
STALE_SECONDS = 10.0             # a temporary file untouched this long, and unlocked, is a leftover

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


class FileRefused(OSError):
    """A file that is no regular file, or too large to read: strerror says which, filename names it."""


def kind_of(mode: int) -> str:
    """The kind of file a stat mode names, in words ("a FIFO", "a character device", ...)."""
    return next((name for test, name in _KINDS if test(mode)), "a file of an unknown kind")


def refuse_kind(mode: int, path) -> None:
    """FileRefused unless mode is a regular file's."""
    if not stat.S_ISREG(mode):
        raise FileRefused(errno.EINVAL, f"not a regular file ({kind_of(mode)})", os.fspath(path))


def check_target(path) -> None:
    """A path a file may be written to: one that does not exist (a dangling link is written
    over) or is a regular file (a link to one too). Anything else is FileRefused, decided by
    stat alone: nothing is opened, so a FIFO never blocks and a device is never touched."""
    try:
        info = os.stat(path)
    except OSError:                  # no such file (or no way to look): the write itself says why
        return
    refuse_kind(info.st_mode, path)


def write_atomic(path, text: str, *, overwrite: bool = True) -> None:
    """Write text (UTF-8) to path through a temporary file in the same folder, flushed and
    fsynced, then moved over path with os.replace. With overwrite=False an existing path is never
    replaced: FileExistsError. On any failure path is as it was and the temporary file is gone.
    Raises OSError (FileRefused for a target that exists and is not a regular file: check_target),
    or ValueError for a name holding a NUL byte."""
    path = os.fspath(path)
    if overwrite:                         # without overwrite an existing path is never touched anyway
        check_target(path)
    folder = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=folder)
    try:
        _lock(fd)                         # held until the file has its name: in use, never stale
        os.fchmod(fd, _mode_for(path))
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
            if overwrite:
                os.replace(tmp, path)
            else:
                os.link(tmp, path)        # fails if path exists: never clobbers
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


def _lock(fd: int) -> None:
    """An exclusive lock on a temporary file being written (best effort: none without flock)."""
    if fcntl is not None:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def remove_stale_temporaries(folder, older_than: float = STALE_SECONDS) -> list[str]:
    """Remove the temporary files write_atomic left in folder when its process was killed
    mid-write (issue 29 item 8); returns the names removed. Only a file named as write_atomic names
    them (`.tmp-` 8 characters `.part`: TEMP_NAME), a regular file (never a link) of this user,
    not modified for older_than seconds and not in use (no write holds its lock) is removed; any
    doubt, any error, keeps the file. Without flock (Windows) nothing is removed."""
    if fcntl is None:
        return []
    removed, now = [], time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        if not TEMP_NAME.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if (not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid()
                    or now - info.st_mtime < older_than):
                continue
            fd = os.open(entry.path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        try:
            same = os.fstat(fd)
            if (same.st_dev, same.st_ino) != (info.st_dev, info.st_ino):
                continue                  # the name changed hands since the stat
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)       # a write in progress holds it
            os.unlink(entry.path)
            removed.append(entry.name)
        except OSError:
            continue
        finally:
            os.close(fd)
    return sorted(removed)


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
    refused (FileRefused) without blocking or reading it: stat first, then opened with O_NONBLOCK
    and checked again with fstat (the path may change in between); so is a larger file. Raises
    OSError when the file cannot be opened."""
    path = os.fspath(path)
    refuse_kind(os.stat(path).st_mode, path)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    try:
        info = os.fstat(fd)
        refuse_kind(info.st_mode, path)
        if info.st_size > max_bytes:
            raise _too_large(path, max_bytes)
        chunks, size = [], 0
        while size <= max_bytes:
            chunk = os.read(fd, max_bytes + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > max_bytes:
            raise _too_large(path, max_bytes)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _too_large(path, max_bytes: int) -> FileRefused:
    return FileRefused(errno.EFBIG, f"larger than {max_bytes:,} bytes", path)
