"""Development tools run from a checkout (not installed with the package): ``python -m tools.<name>``.

* :mod:`tools.build_preflop` regenerates the preflop equity matrix and range
  tables of ``pokergym/context/data``.
"""
