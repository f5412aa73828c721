"""Exit codes shared by every command (documented in the README)."""

OK = 0  # success, nothing to report
FINDINGS = 1  # success, but the input has irregularities or defects (they are the output)
BAD_INPUT = 2  # unreadable input or wrong usage: the message names the token, line or field
KB_ERROR = 3  # the knowledge base cannot be used (newer revision, refused write, corrupt file)
