"""Playing games between agents: single matches, simulations, tournaments."""
