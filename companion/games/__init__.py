"""The game engines and the frame they share: events, options, the script, the session."""
