#!/usr/bin/env bash
# `npm run e2e:keychain`: the remote-service journey (e2e/settings.spec.ts) with the API key kept in a real
# Secret Service: a private D-Bus session with gnome-keyring unlocked on a temporary folder, as the keychain
# tests do. Where dbus-run-session or gnome-keyring-daemon is missing it says so and skips.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v dbus-run-session >/dev/null 2>&1 || ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
  echo "e2e:keychain skipped: dbus-run-session or gnome-keyring-daemon not installed (apt-get install dbus gnome-keyring)"
  exit 0
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
export XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/run" XDG_CONFIG_HOME="$tmp/config"
mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
exec dbus-run-session -- sh -c \
  "printf 'e2e-keychain' | gnome-keyring-daemon --unlock --components=secrets >/dev/null && npx playwright test e2e/settings.spec.ts --project=web"
