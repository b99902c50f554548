#!/bin/sh
# setup.sh installs the npm packages of the apphost test harness (the official
# MCP Apps host bridge and esbuild) into internal/apphost/node_modules, exactly
# as package-lock.json pins them. It is idempotent: it runs `npm ci` only when
# node_modules is missing or older than package-lock.json.
#
# npm 11 does not run install scripts unless allowed; none is needed, because
# esbuild works through its @esbuild/<platform> package.
set -eu
cd "$(dirname "$0")"
if [ -f node_modules/.package-lock.json ] && [ ! package-lock.json -nt node_modules/.package-lock.json ]; then
	echo "apphost: npm packages are up to date"
	exit 0
fi
npm ci --no-audit --no-fund
