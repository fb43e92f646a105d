"""Runs a callback right after a module finishes importing, without importing it ourselves.

A finder first on sys.meta_path answers only for that module's name: it asks the other finders for the
real spec and wraps its loader, so the callback runs once the module's code has executed. The module
keeps its real loader (restored before it executes), and the finder removes itself after the import.
"""

import sys
import threading


class _Loader:
    def __init__(self, loader, on_loaded, finder):
        self._loader = loader
        self._on_loaded = on_loaded
        self._finder = finder

    def create_module(self, spec):
        create = getattr(self._loader, "create_module", None)
        return create(spec) if create is not None else None

    def exec_module(self, module):
        spec = getattr(module, "__spec__", None)
        if spec is not None:
            spec.loader = self._loader
        module.__loader__ = self._loader
        try:
            self._loader.exec_module(module)
        finally:
            self._finder.remove()
        self._on_loaded(module)

    def __getattr__(self, name):
        return getattr(self._loader, name)


class _Finder:
    def __init__(self, name, on_loaded):
        self._name = name
        self._on_loaded = on_loaded
        self._local = threading.local()

    def remove(self):
        try:
            sys.meta_path.remove(self)
        except ValueError:
            pass

    def find_spec(self, fullname, path=None, target=None):
        if fullname != self._name or getattr(self._local, "busy", False):
            return None
        self._local.busy = True
        try:
            spec = None
            for finder in list(sys.meta_path):
                find = getattr(finder, "find_spec", None)
                if finder is self or find is None:
                    continue
                spec = find(fullname, path, target)
                if spec is not None:
                    break
        finally:
            self._local.busy = False
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        spec.loader = _Loader(spec.loader, self._on_loaded, self)
        return spec


def when_imported(name, on_loaded):
    """Calls on_loaded(module) after `name` is imported; at once if it already is."""
    module = sys.modules.get(name)
    if module is not None:
        on_loaded(module)
        return
    sys.meta_path.insert(0, _Finder(name, on_loaded))
