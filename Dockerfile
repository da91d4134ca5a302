# layoutd container image: build with the Swift toolchain, run on a slim Debian with only
# what the binary needs. Build from the repository root:
#   docker build -t layoutd .
#   docker run --rm -p 8080:8080 layoutd
# Configuration is through LAYOUTD_* variables (`layoutd serve --help` lists them all),
# e.g. -e LAYOUTD_LOG_FORMAT=json -e LAYOUTD_API_KEYS=/etc/layoutd/api-keys.
# Not built in this repository's CI (no Docker engine there); see Deploy/README.md.

# ---- build ---------------------------------------------------------------------------
# Swift 6.3 on Debian 12, the toolchain the project is developed and tested with.
FROM swift:6.3-bookworm AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libssl-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Dependencies first, so that a change to the sources reuses the resolved packages.
COPY Package.swift Package.resolve[d] ./
RUN swift package resolve
COPY Sources ./Sources
COPY Tests ./Tests
COPY openapi.yaml ./
# The Swift runtime and Foundation linked in, so the run image needs no toolchain.
RUN swift build -c release --static-swift-stdlib --product layoutd \
 && install -D -m 0755 "$(swift build -c release --show-bin-path)/layoutd" /out/layoutd

# ---- run -----------------------------------------------------------------------------
FROM debian:bookworm-slim
# libssl3: TLS (--tls-cert/--tls-key). fonts-dejavu-core: the default text font.
# curl: the HEALTHCHECK. tini: forwards SIGTERM to layoutd, which drains and exits 0.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libssl3 ca-certificates fonts-dejavu-core curl tini \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin layoutd
COPY --from=build /out/layoutd /usr/local/bin/layoutd

# Listen on every interface inside the container; the other settings keep their
# defaults until overridden with -e LAYOUTD_...=... .
ENV LAYOUTD_HOST=0.0.0.0 \
    LAYOUTD_PORT=8080 \
    LAYOUTD_LOG_FORMAT=json \
    LAYOUTD_SHUTDOWN_GRACE=10
EXPOSE 8080
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=2s --start-period=5s --retries=3 \
  CMD curl -fsS "http://127.0.0.1:${LAYOUTD_PORT}/healthz" >/dev/null || exit 1
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--", "/usr/local/bin/layoutd"]
CMD ["serve"]
