# syntax=docker/dockerfile:1
# breakfix: the environment server (REST, WebSocket /ws, MCP /mcp) on port 8000, as OpenEnv's runner expects.
#   docker build -t breakfix . && docker run -p 8000:8000 breakfix

# Build: install exactly the lockfile, compile TypeScript, bundle the browser pages, then drop the dev
# dependencies. The install skips lifecycle scripts: the package's `prepare` builds, and the sources are not
# copied in yet.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY contracts ./contracts
COPY simulators ./simulators
COPY environment ./environment
COPY graders ./graders
COPY generator ./generator
COPY tasks ./tasks
COPY baseline ./baseline
COPY server ./server
COPY lib ./lib
COPY web ./web
COPY scripts/build-web.ts ./scripts/build-web.ts
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run: the compiled server, production dependencies, and the base repositories the catalogue reads at start.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    BREAKFIX_IN_CONTAINER=1 \
    PORT=8000
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY tasks/bases ./tasks/bases
COPY README.md ./
USER node
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/bin.js", "serve"]
