// swift-tools-version:6.1
// libFuzzer targets for layoutd (issue 8). A package of its own so that `swift build` of
// the project never links them; tools/fuzz.sh builds them with -sanitize=fuzzer. Debug
// builds enable testability, so the targets reach internal entry points with
// `@testable import`.
import PackageDescription

let package = Package(
    name: "LayoutdFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "layoutd", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "FuzzRequestParser", dependencies: ["FuzzDriver", .product(name: "HTTPServer", package: "layoutd")]),
        .executableTarget(
            name: "FuzzJSONTape", dependencies: ["FuzzDriver", .product(name: "LayoutEngine", package: "layoutd")]),
        .executableTarget(
            name: "FuzzPipeline", dependencies: ["FuzzDriver", .product(name: "LayoutEngine", package: "layoutd")]),
    ],
    swiftLanguageModes: [.v6]
)
