"""Memory: Python's cycle collector paused while large acyclic structures are built.

Reading a big tournament, ranking it and making a page's data allocate a great many small
objects (results, rows, words) that form no cycle; the collector would otherwise run again and
again and walk them all for nothing. The readers, the renderers, batch and the web
service all pause it the same way, through this one helper.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_garbage_collector() -> Iterator[None]:
    """Pause the cycle collector while the block runs; restored after (nested uses keep it
    off until the outermost ends, and a collector already off stays off)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
