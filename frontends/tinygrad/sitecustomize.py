"""With TINY_TINYGRAD=1 (or =fallback) in the environment and this folder on
PYTHONPATH, every tinygrad Tensor.realize() of the process runs on tiny:

    TINY_TINYGRAD=1 PYTHONPATH=<tinygrad>:<tiny>/python:<tiny>/frontends/tinygrad \
        python3 my_tinygrad_script.py

Python imports `sitecustomize` at startup from sys.path. This one installs
an import hook that calls tiny_tinygrad.enable() right after the `tinygrad`
package is imported, so nothing is imported early. It then runs the
sitecustomize it shadows (Debian ships one), if any.
"""

import os
import sys


def _install():
    import importlib.abc
    import importlib.machinery

    mode = os.environ.get("TINY_TINYGRAD", "")

    class _Loader(importlib.abc.Loader):
        def __init__(self, inner):
            self.inner = inner

        def create_module(self, spec):
            return self.inner.create_module(spec)

        def exec_module(self, module):
            self.inner.exec_module(module)
            import tiny_tinygrad
            tiny_tinygrad.enable(fallback=(mode == "fallback"))

    class _Finder(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name != "tinygrad":
                return None
            sys.meta_path.remove(self)
            spec = importlib.machinery.PathFinder.find_spec(name, path)
            if spec is not None and spec.loader is not None:
                spec.loader = _Loader(spec.loader)
            return spec

    sys.meta_path.insert(0, _Finder())


def _chain():
    """Runs the next sitecustomize on sys.path, which this one shadows."""
    import importlib.machinery
    import importlib.util
    here = os.path.dirname(os.path.abspath(__file__))
    rest = [p for p in sys.path if os.path.abspath(p or ".") != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec is not None and spec.origin != os.path.abspath(__file__):
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception:  # the shadowed hook's failure is not ours
            pass


if os.environ.get("TINY_TINYGRAD", "") not in ("", "0"):
    _install()
_chain()
