import { defineConfig } from "vite";

// `vite build` writes the site to public_html/, which the nginx stage copies.
export default defineConfig({
  build: {
    outDir: "public_html",
    emptyOutDir: true,
  },
  server: {
    proxy: { "/api": "http://localhost:7070" },
  },
});
