"""Exit codes shared by every command (documented in the README)."""

OK = 0  # success, nothing to report (also: the reader of our output closed the pipe)
FINDINGS = 1  # success, but the input has irregularities or defects (they are the output)
BAD_INPUT = 2  # unreadable input or wrong usage: the message names the token, line or field
KB_ERROR = 3  # the knowledge base cannot be used (newer revision, refused write, corrupt file)
INTERNAL = 70  # an unexpected exception: a bug in arbitre, reported in one line (EX_SOFTWARE)
INTERRUPTED = 130  # Ctrl-C (128 + SIGINT)

DOCUMENTED = frozenset({OK, FINDINGS, BAD_INPUT, KB_ERROR, INTERNAL, INTERRUPTED})
