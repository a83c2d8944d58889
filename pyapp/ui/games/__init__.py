"""Each game's own screen on the table: Dyad, Triad and Dieci, drawn from one seat's observation."""
