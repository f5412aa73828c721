"""The built-in belote players: ``random`` and ``simple`` (seed modules 1-2), ``memory`` and ``advanced``
(seed module 4). Find them by name with :mod:`arbitre.arena.registry`."""
