"""Values that several layers share, at the bottom beside ``cards``: what the camera
gives (a frame), what the tracker and the engines say of the table (the camera events),
what the camera side is told of the game it watches, where the frames come from (the
config's camera source), and where the phone sheet is (the file the sheet writes and the
kiosk reads). Imports nothing of ours but ``cards``."""
