"""Creates the inventory tables; run by entrypoint.sh before the server starts."""
import os
import sqlite3

connection = sqlite3.connect(os.environ.get("INVENTORY_DB", "/tmp/inventory.db"))
connection.execute("CREATE TABLE IF NOT EXISTS items (sku TEXT PRIMARY KEY, quantity INTEGER NOT NULL)")
connection.commit()
