#!/bin/sh
set -e

# Create the tables before the server takes traffic, then hand over to CMD.
echo "initialising database at ${INVENTORY_DB:-/tmp/inventory.db}"
python init_db.py
exec "$@"
