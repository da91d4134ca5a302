// swift-tools-version:6.1
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "layoutd",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "layoutd", targets: ["layoutd"]),
        .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
        .library(name: "LayoutClient", targets: ["LayoutClient"]),
        .executable(name: "layoutd-example", targets: ["layoutd-example"]),
        // For the fuzzers in Fuzz/ (a package of their own, built with -sanitize=fuzzer).
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        // Pure layout: JSON bytes -> node arena -> frames -> JSON bytes. No sockets, no globals.
        .target(
            name: "LayoutEngine", swiftSettings: strict,
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // System library target for OpenSSL 3 (Debian libssl-dev) with a C shim for macros.
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        // epoll and eventfd headers for the HTTP server's own I/O loops (part of libc).
        .systemLibrary(name: "CEpoll"),
        // Real fonts: FreeType (faces, metrics), HarfBuzz (shaping), fontconfig (discovery)
        // from Debian's -dev packages; ICU's line BreakIterator behind a small C target.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // (DWARF 4: clang's default DWARF 5 has forms Debian's valgrind 3.19 cannot read, and
        // in some link orders it then gave up on the whole binary: no callgrind profiles.)
        .target(name: "CICU", cSettings: [.unsafeFlags(["-gdwarf-4"])], linkerSettings: [.linkedLibrary("icuuc")]),
        // A TextMeasurer for real fonts; the engine itself stays C-free (Ahem only).
        .target(
            name: "TextShaping", dependencies: ["LayoutEngine", "CFreeType", "CHarfBuzz", "CFontconfig", "CICU"],
            swiftSettings: strict),
        // Hand-rolled HTTP/1.1 on BSD sockets and Dispatch. Knows nothing of layout.
        .target(
            name: "HTTPServer",
            dependencies: ["COpenSSL", "CEpoll", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict),
        // Glue: routes, limits, metrics, configuration.
        .target(
            name: "LayoutService",
            dependencies: [
                "LayoutEngine", "LayoutRender", "HTTPServer", .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            // The playground page, compiled into the binary (no bundle to ship beside it).
            resources: [.embedInCode("Playground/playground.html")],
            swiftSettings: strict),
        // Pictures and printouts of a layout: SVG wireframes and the hierarchy dump. Pure functions.
        .target(name: "LayoutRender", dependencies: ["LayoutEngine"], swiftSettings: strict),
        // Generated request trees for benchmarks and the load generator.
        .target(name: "Workloads", swiftSettings: strict),
        // `layoutd load`: a keep-alive HTTP/1.1 client on BSD sockets, a corpus of generated
        // trees with a chosen repeat ratio, and latency histograms. Knows nothing of the server's code.
        .target(
            name: "LoadGenerator",
            dependencies: ["Workloads", .product(name: "Histogram", package: "hdrhistogram-swift")],
            swiftSettings: strict),
        .executableTarget(
            name: "layoutd",
            dependencies: [
                "LayoutEngine", "LayoutRender", "LayoutService", "HTTPServer", "Workloads", "LoadGenerator", "TextShaping",
                "AllocatorSettings", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // glibc's allocator as the server sets it (and the benchmark, to measure the same).
        .target(name: "AllocatorSettings", swiftSettings: strict),
        // Decode, layout and encode time per node on generated trees: swift run -c release layoutd-bench
        .executableTarget(
            name: "layoutd-bench", dependencies: ["LayoutEngine", "Workloads", "TextShaping", "AllocatorSettings"],
            path: "Sources/LayoutBench", swiftSettings: strict),
        .testTarget(name: "LayoutRenderTests", dependencies: ["LayoutRender", "LayoutEngine"], swiftSettings: strict),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "Workloads"], swiftSettings: strict),
        // Runs the built layoutd binary as a user would.
        .testTarget(name: "LayoutdTests", dependencies: ["layoutd"], swiftSettings: strict),
        .testTarget(
            name: "HTTPServerTests",
            dependencies: ["HTTPServer", .product(name: "Logging", package: "swift-log")], swiftSettings: strict),
        // The load generator's parser and corpus, and a bounded load against the real server in-process.
        .testTarget(
            name: "LoadGeneratorTests",
            dependencies: [
                "LoadGenerator", "LayoutService", "HTTPServer", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // A Swift client: SwiftUI-shaped DSL, typed responses, sessions with patches. Foundation only.
        .target(name: "LayoutClient", swiftSettings: strict),
        // Lays out a DSL screen against a server (`--url`, or one started in-process) and prints it.
        .executableTarget(
            name: "layoutd-example",
            dependencies: [
                "LayoutClient", "LayoutService", "HTTPServer", .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/LayoutExample", swiftSettings: strict),
        .testTarget(
            name: "LayoutClientTests",
            dependencies: [
                "LayoutClient", "LayoutService", "HTTPServer", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // Real-font measurement against Chromium fixtures and hand-derived SwiftUI metrics.
        .testTarget(name: "TextShapingTests", dependencies: ["TextShaping", "LayoutEngine"], swiftSettings: strict),
        .testTarget(
            name: "LayoutServiceTests", dependencies: ["LayoutService", "HTTPServer", "TextShaping"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
