"""One line on stderr naming headroom, never an exception into the user's program."""

import sys


def warn(message):
    """Prints `headroom: <message>` on one line."""
    try:
        sys.stderr.write("headroom: %s\n" % " ".join(str(message).split()))
    except Exception:
        pass


def guarded(what, function, *args):
    """Runs function(*args); on any exception prints `headroom: <what> (<error>); continuing without it`."""
    try:
        return function(*args)
    except Exception as error:
        warn("%s (%s: %s); continuing without it" % (what, type(error).__name__, error))
        return None
