#!/bin/sh
# Install the Debian packages named as arguments when any is missing.
# As root this runs apt-get; otherwise it prints the exact command to run.
missing=""
for p in "$@"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "deps: missing Debian packages:$missing" >&2
	echo "deps: run: sudo apt-get install -y$missing" >&2
	exit 2
fi
echo "deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q $missing >/dev/null 2>&1 ||
	{ apt-get update -q >/dev/null 2>&1 && apt-get install -y -q $missing; } || {
	echo "deps: apt-get install failed for:$missing" >&2
	exit 2
}
