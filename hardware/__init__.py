"""gpiozero devices of the dealer panel. Knows no poker: it reports presses, shows what it is told."""
