// RFC 4180 quoting: fields with commas, quotes or newlines are quoted, quotes doubled.
function field(value) {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function toCsv(rows) {
  if (rows.length === 0) return "";
  const header = Object.keys(rows[0]);
  return [header, ...rows.map((r) => header.map((h) => r[h]))].map((line) => line.map(field).join(",")).join("\n") + "\n";
}

module.exports = { toCsv };
