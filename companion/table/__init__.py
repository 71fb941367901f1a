"""The mat seen by the camera: layouts, calibration, and the tracker that turns reads into
events."""
