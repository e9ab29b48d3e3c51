// The API's base path is fixed at build time (Vite inlines import.meta.env).
export function apiUrl(path) {
  return `${import.meta.env.VITE_API_BASE}${path}`;
}
