"""``python -m arbitre``: the same as the ``arbitre`` command."""
from arbitre.cli.app import main

main()
