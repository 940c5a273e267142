"""The files a run may change: Pyodide's in-memory filesystem, snapshotted before the
first run and put back after each, so that no run sees what another one wrote."""

import contextlib
import os
import sys
from importlib.machinery import FileFinder

# Folders lesson code may write to (Pyodide's in-memory filesystem): whatever a run
# leaves there is undone before the next run. /lib holds the standard library's zip and
# lib-dynload, a folder on sys.path: a module planted there would be imported by later runs.
WRITABLE_ROOTS = ("/home", "/tmp", "/lib")
# Top-level folders of the virtual filesystem that are never touched.
SYSTEM_ROOTS = frozenset(("dev", "proc", "sys", "lib", "bin", "etc", "usr"))


def snapshot_files():
    """{path: (bytes, mtime) or None (a folder)} under the writable roots, and the names
    at the top level."""
    files = {}
    for root in WRITABLE_ROOTS + tuple(_site_dirs()):
        for folder, _dirs, names in os.walk(root):
            files[folder] = None
            for name in names:
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    files[path] = (f.read(), os.stat(path).st_mtime_ns)
    top = {name for name in os.listdir("/") if name not in SYSTEM_ROOTS}
    return files, top


def _site_dirs():
    return [p for p in sys.path if p.endswith("site-packages") and os.path.isdir(p)]


def restore_files(snapshot):
    """Put the writable folders back as `snapshot` found them. Best effort, file by
    file: what cannot be undone (a folder made unreadable) stays, and never stops the
    recorder."""
    with contextlib.suppress(OSError):
        _undo_files(snapshot)


def _undo_files(snapshot):
    files, top = snapshot
    for name in os.listdir("/"):
        if name not in SYSTEM_ROOTS and name not in top:
            _remove("/" + name)
    for root in WRITABLE_ROOTS + tuple(_site_dirs()):
        for folder, _dirs, names in os.walk(root, topdown=False):
            for name in names:
                path = os.path.join(folder, name)
                if path not in files:
                    os.remove(path)
            if folder not in files:
                os.rmdir(folder)
    for path, saved in files.items():
        if saved is None:
            os.makedirs(path, exist_ok=True)
            continue
        content, mtime = saved
        # By content, not by time: a run can set a file's mtime back (os.utime).
        try:
            with open(path, "rb") as f:
                same = f.read() == content
        except OSError:
            same = False
        if not same:
            with open(path, "wb") as f:
                f.write(content)
        os.utime(path, ns=(mtime, mtime))


def _remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        for folder, dirs, names in os.walk(path, topdown=False):
            for name in names:
                os.remove(os.path.join(folder, name))
            for name in dirs:
                os.rmdir(os.path.join(folder, name))
        os.rmdir(path)
    else:
        os.remove(path)


def forget_listings():
    """Have the import system list directories afresh (a file a run wrote and that is gone
    again), cheaply: importlib.invalidate_caches() would also reload importlib.metadata's
    finders. Done before the baseline is taken too, so that the finders the baseline holds
    are as a restore leaves them, and a run that imported nothing finds them unchanged."""
    for finder in sys.path_importer_cache.values():
        if isinstance(finder, FileFinder):
            finder.invalidate_caches()
