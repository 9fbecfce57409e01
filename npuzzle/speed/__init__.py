"""Speed-solving metrics and optimal solving in them."""
