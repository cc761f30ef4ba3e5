"""Camera sources and card reading. Knows no poker: it reports cards seen and where."""

from pathlib import Path

#: The committed default profile (made from the committed heruka decks, which are also the
#: demo deck), rebuilt by ``python -m vision.profiles``. Here so that it can be named
#: without importing OpenCV.
DEFAULT_PROFILE_PATH = Path(__file__).with_name("models") / "default-profile.npz"
