#!/usr/bin/env bash
# Install or update the card-table companion on Raspberry Pi OS Bookworm, from a checkout:
#
#   sudo hardware/install.sh
#
# It installs picamera2 and lgpio from apt (where apt has them: plain Debian has not, and
# it says so and goes on), turns I2C on, makes the user "companion", and builds a release
# of this checkout beside the others: /opt/companion/releases/ID, a venv that sees apt's
# Python packages with the companion installed in it as a package (not editable). It
# writes /etc/companion/config.toml from the commented example when there is none, keeps
# the system's log in memory (journald), and installs, enables and (re)starts the systemd
# units, which run the release that the link /opt/companion/current names.
#
# Run again, it updates: the new release is built while the service plays on, then the
# link is switched to it in one rename and the release before it kept. The new release is
# on trial (hardware/release-guard): unless its first start finds the parts the release
# before it found and reaches READY, the link goes back by itself and this script says so
# and exits 1. The journal and the config are never touched. A run stopped at any point
# leaves the release that was running, or the new one on trial, and the next run goes on.
#
# COMPANION_ROOT, when set, installs under that folder instead of / (used by the tests).
set -euo pipefail

ROOT="${COMPANION_ROOT:-}"
CHECKOUT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX="$ROOT/opt/companion"
RELEASES="$PREFIX/releases"
CURRENT="$PREFIX/current"
PREVIOUS="$PREFIX/previous"
TRIAL="$PREFIX/trial"
CONFIG_DIR="$ROOT/etc/companion"
UNIT_DIR="$ROOT/etc/systemd/system"
JOURNALD_DIR="$ROOT/etc/systemd/journald.conf.d"
SERVICE_USER="companion"
GROUPS_NEEDED=(video gpio i2c)
COMPLETE=".complete" # written last in a release's folder: the build finished
# The trial's two checks, its first start (TimeoutStartSec=60) and a rollback's start.
VERDICT_WAIT_S=300

say() { printf 'install.sh: %s\n' "$*"; }
fail() {
    printf 'install.sh: %s\n' "$*" >&2
    exit 1
}

# Point the link $1 at $2 in one rename: a reader sees the old target or the new one.
link_to() {
    ln -sfn "$2" "$1.new"
    mv -Tf "$1.new" "$1"
}

# Install a file in one rename, so that a stopped run never leaves half of it.
install_file() {
    install -m "$3" "$1" "$2.new"
    mv -f "$2.new" "$2"
}

# The release a link names (nothing when there is no such link).
release_of() {
    local target
    target="$(readlink "$1" 2>/dev/null)" || return 0
    printf '%s\n' "${target#releases/}"
}

installed() {
    local status
    status="$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" || return 1
    [[ "$status" == *" installed" ]]
}

in_apt_sources() {
    local policy
    # Captured first: grep -q may stop reading early, which pipefail would call a failure.
    policy="$(apt-cache policy "$1" 2>/dev/null || true)"
    grep -qE '^ +Candidate: [^(]' <<<"$policy"
}

[[ "$(id -u)" -eq 0 ]] || fail "run it as root: sudo $0"
[[ -f "$CHECKOUT/pyproject.toml" ]] || fail "$CHECKOUT is not a checkout of the companion"

# Raspberry Pi OS has picamera2 and lgpio; plain Debian (a PC with a USB camera) has not,
# and the companion still runs there: the USB camera, and gpiozero's other pin libraries.
# apt is asked only for what is missing (an update then writes no package lists).
MISSING=()
for package in python3-venv python3-pip i2c-tools python3-picamera2 python3-lgpio; do
    installed "$package" || MISSING+=("$package")
done
if [[ ${#MISSING[@]} -eq 0 ]]; then
    say "apt: picamera2, lgpio, venv, i2c-tools all installed"
else
    say "apt: ${MISSING[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    PACKAGES=()
    for package in "${MISSING[@]}"; do
        if [[ "$package" != python3-picamera2 && "$package" != python3-lgpio ]] \
            || in_apt_sources "$package"; then
            PACKAGES+=("$package")
        else
            say "$package: not in the apt sources (not Raspberry Pi OS?): going on without it"
        fi
    done
    if [[ ${#PACKAGES[@]} -gt 0 ]]; then
        apt-get install -y -q --no-install-recommends "${PACKAGES[@]}"
    fi
fi

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

# -- the release ---------------------------------------------------------------------------
mkdir -p "$RELEASES"
RUNNING="$(release_of "$CURRENT")"
BEFORE="$(release_of "$PREVIOUS")"
# A release a stopped run left unfinished is never started: away with it.
for folder in "$RELEASES"/*; do
    [[ -d "$folder" && ! -e "$folder/$COMPLETE" ]] || continue
    name="$(basename "$folder")"
    [[ "$name" == "$RUNNING" || "$name" == "$BEFORE" ]] && continue
    say "removing release $name (unfinished)"
    rm -rf "$folder"
done

ID="$(date -u +%Y%m%dT%H%M%SZ)-$$"
NEW="$RELEASES/$ID"
VENV="$NEW/venv"
mkdir -p "$NEW"
if [[ -n "$RUNNING" && -e "$RELEASES/$RUNNING/$COMPLETE" ]]; then
    # The running release's packages as hard links: pip replaces a file by a new one
    # (never writes into it), so the release before keeps its own, and an update writes
    # to the SD card only what changed. The venv's own paths are rewritten to the new.
    say "release $ID: release $RUNNING's venv as hard links, then the companion into it"
    cp -al "$RELEASES/$RUNNING/venv" "$VENV"
    grep -rlIZ -- "$RELEASES/$RUNNING/venv" "$VENV/bin" "$VENV/pyvenv.cfg" \
        | xargs -0 -r sed -i "s|$RELEASES/$RUNNING/venv|$VENV|g"
else
    say "release $ID: venv $VENV (with the system's packages: picamera2 and lgpio come from apt)"
    python3 -m venv --system-site-packages "$VENV"
    "$VENV/bin/pip" install --quiet --upgrade pip
fi
# The checkout as a wheel, built once: its dependencies installed or upgraded as needed,
# and it itself always reinstalled (the same version number may hold newer code).
WHEELS="$(mktemp -d)"
trap 'rm -rf "$WHEELS"' EXIT
# setuptools builds in the checkout's build/ folder: a build stopped there (a power cut, a
# kill) leaves files that make the next one fail, and files since removed from the
# checkout would go into the wheel. It is setuptools' scratch space, not the checkout's.
rm -rf "$CHECKOUT/build"
"$VENV/bin/pip" wheel --quiet --no-deps --wheel-dir "$WHEELS" "$CHECKOUT"
WHEEL="$(find "$WHEELS" -name '*.whl' -print -quit)"
[[ -n "$WHEEL" ]] || fail "pip built no wheel of $CHECKOUT"
"$VENV/bin/pip" install --quiet --upgrade "${WHEEL}[pi]"
"$VENV/bin/pip" install --quiet --no-deps --force-reinstall "$WHEEL"
install -d -m 0755 "$NEW/hardware"
install -m 0644 "$CHECKOUT/hardware/README.md" "$NEW/hardware/README.md"

install -d -m 0755 "$CONFIG_DIR"
if [[ -e "$CONFIG_DIR/config.toml" ]]; then
    say "keeping $CONFIG_DIR/config.toml"
else
    say "writing $CONFIG_DIR/config.toml from the example"
    install -m 0644 "$CHECKOUT/hardware/config.example.toml" "$CONFIG_DIR/config.toml"
fi
if ! "$VENV/bin/companion" config --config "$CONFIG_DIR/config.toml"; then
    rm -rf "$NEW"
    fail "fix $CONFIG_DIR/config.toml, then run this again"
fi
sync
touch "$NEW/$COMPLETE"
sync

say "the release guard, the systemd units, and journald's settings"
install_file "$CHECKOUT/hardware/release-guard" "$PREFIX/release-guard" 0755
install -d -m 0755 "$UNIT_DIR" "$JOURNALD_DIR"
install_file "$CHECKOUT/systemd/companion.service" "$UNIT_DIR/companion.service" 0644
install_file "$CHECKOUT/systemd/companion-sheet.service" "$UNIT_DIR/companion-sheet.service" 0644
JOURNALD_CHANGED=0
if ! cmp -s "$CHECKOUT/systemd/journald-companion.conf" "$JOURNALD_DIR/companion.conf"; then
    install_file "$CHECKOUT/systemd/journald-companion.conf" "$JOURNALD_DIR/companion.conf" 0644
    JOURNALD_CHANGED=1
fi
systemctl daemon-reload
systemctl enable companion.service companion-sheet.service
if [[ "$JOURNALD_CHANGED" -eq 1 ]]; then
    say "journald: the log in memory (at most 32 MB), none of it on the SD card"
    systemctl restart systemd-journald.service
fi

# -- the switch ----------------------------------------------------------------------------
if [[ -n "$RUNNING" && -e "$RELEASES/$RUNNING/$COMPLETE" ]]; then
    link_to "$PREVIOUS" "releases/$RUNNING"
    printf 'release=%s\nprevious=%s\nstarts=0\n' "$ID" "$RUNNING" >"$TRIAL.new"
    mv -f "$TRIAL.new" "$TRIAL"
    sync
    say "release $ID on trial (release $RUNNING kept to go back to)"
else
    RUNNING=""
fi
link_to "$CURRENT" "releases/$ID"
sync
# Stable paths for people and the tests: the running release's venv and documents. An
# install from before releases had a venv folder here.
for name in venv hardware; do
    if [[ -e "$PREFIX/$name" && ! -L "$PREFIX/$name" ]]; then
        rm -rf "$PREFIX/$name.before-releases"
        mv -T "$PREFIX/$name" "$PREFIX/$name.before-releases"
    fi
    [[ "$(readlink "$PREFIX/$name" 2>/dev/null)" == "current/$name" ]] \
        || link_to "$PREFIX/$name" "current/$name"
done
rm -rf "$PREFIX"/*.before-releases

say "starting the companion on release $ID"
if [[ -z "$RUNNING" ]]; then
    systemctl restart companion.service
else
    systemctl restart companion.service || true # a failed first start is the guard's to judge
    waited=0
    while [[ -e "$TRIAL" && "$waited" -lt "$VERDICT_WAIT_S" ]]; do
        sleep 1
        waited=$((waited + 1))
    done
    [[ ! -e "$TRIAL" ]] || fail "release $ID still on trial after ${VERDICT_WAIT_S} s: systemctl status companion"
fi
systemctl restart companion-sheet.service
if [[ "$(release_of "$CURRENT")" != "$ID" ]]; then
    fail "release $ID did not start (journalctl -u companion says why): back on release $RUNNING, which runs"
fi

# Only the running release and the one before it are kept.
KEEP="$(release_of "$PREVIOUS")"
for folder in "$RELEASES"/*; do
    name="$(basename "$folder")"
    [[ -d "$folder" && "$name" != "$ID" && "$name" != "$KEEP" ]] || continue
    say "removing release $name"
    rm -rf "$folder"
done
say "done: release $ID runs; systemctl status companion companion-sheet; journalctl -u companion"
