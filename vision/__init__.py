"""Camera sources and card reading. Knows no poker: it reports cards seen and where."""
