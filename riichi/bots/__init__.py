"""Players from outside the library at a riichi table: mjai bots (both ways), players named on the command
line, and the review of a record against a player.

- :mod:`riichi.bots.protocol`: the mjai messages a seat is sent (hidden tiles as ``?``) and its answers
  matched against the legal actions.
- :mod:`riichi.bots.process`: a bot process speaking mjai on stdin/stdout, seated as a player, its faults
  (bad JSON, an illegal action, a late answer, the process gone) replaced by the safe move and counted.
- :mod:`riichi.bots.client`: the other way round: a player of this library answering an mjai table.
- :mod:`riichi.bots.features`: the numbers of the environments' encoding (a seat's view, the action
  indices), compiled; :mod:`riichi.rl` makes arrays of them.
- :mod:`riichi.bots.review`: a recorded seat's decisions against a player's.
- :mod:`riichi.bots.spec`: a player from its command-line name (``efficient``, ``module:Class``,
  ``mjai:COMMAND``).
"""
