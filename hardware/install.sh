#!/usr/bin/env bash
# Install the card-table companion on Raspberry Pi OS Bookworm, from a checkout:
#
#   sudo hardware/install.sh
#
# It installs picamera2 and lgpio from apt (where apt has them: plain Debian has not, and
# it says so and goes on), turns I2C on, makes the user "companion",
# a venv in /opt/companion/venv that sees apt's Python packages, installs this checkout
# into it as a package (not editable), writes /etc/companion/config.toml from the
# commented example when there is none, and installs, enables and (re)starts the
# systemd unit. Running it again upgrades the program and keeps the config and journal.
#
# COMPANION_ROOT, when set, installs under that folder instead of / (used by the tests).
set -euo pipefail

ROOT="${COMPANION_ROOT:-}"
CHECKOUT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX="$ROOT/opt/companion"
VENV="$PREFIX/venv"
CONFIG_DIR="$ROOT/etc/companion"
UNIT_DIR="$ROOT/etc/systemd/system"
SERVICE_USER="companion"
GROUPS_NEEDED=(video gpio i2c)

say() { printf 'install.sh: %s\n' "$*"; }
fail() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

[[ "$(id -u)" -eq 0 ]] || fail "run it as root: sudo $0"
[[ -f "$CHECKOUT/pyproject.toml" ]] || fail "$CHECKOUT is not a checkout of the companion"

say "apt: picamera2, lgpio, venv, i2c-tools"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# Raspberry Pi OS has these; plain Debian (a PC with a USB camera) has not, and the
# companion still runs there: the USB camera, and gpiozero's other pin libraries.
PACKAGES=(python3-venv python3-pip i2c-tools)
for package in python3-picamera2 python3-lgpio; do
    # Captured first: grep -q may stop reading early, which pipefail would call a failure.
    policy="$(apt-cache policy "$package" 2>/dev/null || true)"
    if grep -qE '^ +Candidate: [^(]' <<<"$policy"; then
        PACKAGES+=("$package")
    else
        say "$package: not in the apt sources (not Raspberry Pi OS?): going on without it"
    fi
done
apt-get install -y -q --no-install-recommends "${PACKAGES[@]}"

if command -v raspi-config >/dev/null 2>&1; then
    say "I2C on (raspi-config; 0 means enable)"
    raspi-config nonint do_i2c 0
else
    say "no raspi-config: turn I2C on yourself (dtparam=i2c_arm=on in config.txt)"
fi

for group in "${GROUPS_NEEDED[@]}"; do
    getent group "$group" >/dev/null || groupadd --system "$group"
done
if ! getent passwd "$SERVICE_USER" >/dev/null; then
    say "user $SERVICE_USER"
    useradd --system --user-group --home-dir /var/lib/companion --no-create-home \
        --shell /usr/sbin/nologin "$SERVICE_USER"
fi
usermod --append --groups "$(IFS=,; echo "${GROUPS_NEEDED[*]}")" "$SERVICE_USER"

if [[ ! -x "$VENV/bin/python" ]]; then
    say "venv $VENV (with the system's packages: picamera2 and lgpio come from apt)"
    mkdir -p "$PREFIX"
    python3 -m venv --system-site-packages "$VENV"
fi
say "the companion into $VENV (a package built from $CHECKOUT)"
"$VENV/bin/pip" install --quiet --upgrade pip
"$VENV/bin/pip" install --quiet --upgrade "${CHECKOUT}[pi]"
# The same version number may hold newer code: the checkout itself is always reinstalled.
"$VENV/bin/pip" install --quiet --no-deps --force-reinstall "$CHECKOUT"
install -d -m 0755 "$PREFIX/hardware"
install -m 0644 "$CHECKOUT/hardware/README.md" "$PREFIX/hardware/README.md"

install -d -m 0755 "$CONFIG_DIR"
if [[ -e "$CONFIG_DIR/config.toml" ]]; then
    say "keeping $CONFIG_DIR/config.toml"
else
    say "writing $CONFIG_DIR/config.toml from the example"
    install -m 0644 "$CHECKOUT/hardware/config.example.toml" "$CONFIG_DIR/config.toml"
fi
"$VENV/bin/companion" config --config "$CONFIG_DIR/config.toml" \
    || fail "fix $CONFIG_DIR/config.toml, then run this again"

say "systemd unit"
install -d -m 0755 "$UNIT_DIR"
install -m 0644 "$CHECKOUT/systemd/companion.service" "$UNIT_DIR/companion.service"
systemctl daemon-reload
systemctl enable companion.service
systemctl restart companion.service

say "systemd unit of the phone score sheet (the config's [sheet] enabled turns it on or off)"
install -m 0644 "$CHECKOUT/systemd/companion-sheet.service" "$UNIT_DIR/companion-sheet.service"
systemctl daemon-reload
systemctl enable companion-sheet.service
systemctl restart companion-sheet.service
say "done: systemctl status companion companion-sheet; journalctl -u companion"
