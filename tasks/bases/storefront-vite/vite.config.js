import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  build: {
    // Where `npm run build` writes the bundle the nginx image serves.
    outDir: "dist",
    sourcemap: true,
  },
  test: {
    environment: "node",
  },
});
