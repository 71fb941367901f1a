"""The service tried under a booted systemd (run by .ci/run after the test suite)."""
