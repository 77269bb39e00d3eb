# The app image used by docker-compose.yml: Node 24, ffmpeg for `pnpm content ingest` and Anki exports, the built site.
FROM node:24-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg ca-certificates && rm -rf /var/lib/apt/lists/*
RUN npm i -g pnpm@12
WORKDIR /app
COPY . .
# build-if-needed.ts stamps the build, so `pnpm start` in each container finds it fresh instead of building again
RUN pnpm install --frozen-lockfile \
  && node -e "import('./scripts/src/build-if-needed.ts').then((m) => m.buildIfNeeded())"
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4321 DATA_DIR=/data
EXPOSE 4321
CMD ["pnpm", "start"]
