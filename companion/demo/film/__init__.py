"""A filmed table: a game's printed mat seen by a tilted camera while the game's cards are
dealt onto it by hand, frame by frame (drawn from the game's script, seeded). The demo
plays it; the benchmarks and the tracker's tests measure with it."""
