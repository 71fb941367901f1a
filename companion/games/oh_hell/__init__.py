"""Oh Hell (Oh Pshaw, Blackout): bids, tricks read by the camera, the score sheet."""
