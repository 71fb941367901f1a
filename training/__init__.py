"""Training-time code: synthetic card faces and table scenes, and the reader's trainer."""
