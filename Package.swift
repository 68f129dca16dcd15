// swift-tools-version: 6.0
import PackageDescription

// The per-pixel and per-sample code is built optimised in debug builds too: unoptimised, a poster
// render takes 98 s instead of 5, and the end-to-end tests spend most of `make test` in it.
// `-enable-testing` stays on, so `@testable import` still works.
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]
let optimisedInDebugC: [CSetting] = [.unsafeFlags(["-O2"], .when(configuration: .debug))]

let package = Package(
    name: "ContentFactory",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "factory", targets: ["factory"]),
        .executable(name: "factory-bench", targets: ["factory-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        // The OpenAI Realtime API is a WebSocket: the client side for narration, the server side for the fake.
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.0"),
        // `factory mcp` (docs/mcp.md): the official Model Context Protocol SDK, its server over stdio.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.0"),
    ],
    targets: [
        // C: system libraries and their shims (called from Imaging/Media, and from FactorySystem).
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        .target(name: "CVipsShim", dependencies: ["CVips"]),
        .systemLibrary(name: "CAV", pkgConfig: "libavformat",
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev",
                                         "libswresample-dev", "libavutil-dev"])]),
        .target(name: "CAVShim", dependencies: ["CAV"]),
        .systemLibrary(name: "CEspeak", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev", "espeak-ng-data"])]),
        // One Linux call Swift's Glibc module does not declare: renameat2(RENAME_EXCHANGE), for
        // replacing a published bundle in one step.
        .target(name: "CSystemShim"),
        // The compositor's horizontal resampling row with AVX2 gathers (Swift has no gather).
        .target(name: "CPixelKernels", cSettings: optimisedInDebugC),

        // Swift wrappers over the C libraries.
        // Built checked like everything else: they decode downloaded bytes. The compositor's
        // per-pixel loops use wrapping operators (&+, &*) on bounded values, locally.
        .target(name: "FactoryImaging", dependencies: ["CVipsShim"], swiftSettings: optimisedInDebug),
        .target(name: "FactoryMedia", dependencies: ["CAVShim", "CEspeak", "CPixelKernels", "FactoryImaging"],
                swiftSettings: optimisedInDebug),

        // Swift faces of the C the core needs: libyaml's event stream (Yams' CYaml) and renameat2.
        .target(name: "FactorySystem", dependencies: ["CSystemShim", .product(name: "Yams", package: "Yams")]),
        // The product's core: manifest, planning, the executor, the storage protocols, bundle
        // writing and the run report. No C module and no media module (ModuleBoundaryTests).
        .target(name: "FactoryCore", dependencies: [
            "FactorySystem",
            .product(name: "Yams", package: "Yams"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ], resources: [.copy("Cost/models.json")]),
        // The four content kinds: prompts, checks, art and renders, over Core and the media engine.
        // Each kind's bundled library files sit in its folder's `<Kind>Library/`: one line per kind.
        .target(name: "FactoryKinds", dependencies: ["FactoryCore", "FactorySystem", "FactoryImaging", "FactoryMedia"],
                resources: [.copy("Poster/PosterLibrary"), .copy("Bedtime/BedtimeLibrary"), .copy("Chat/ChatLibrary"),
                            .copy("Recipe/RecipeLibrary")]),
        // The review gallery and the bundle checks it shows.
        .target(name: "FactoryReview", dependencies: ["FactoryCore", "FactoryKinds", "FactoryImaging", "FactoryMedia"]),
        // Provider clients (live over HTTP, and offline; offline text comes from each kind's descriptor).
        .target(name: "FactoryProviders", dependencies: [
            "FactoryCore", "FactoryKinds", "FactoryImaging", "FactoryMedia",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "WSClient", package: "swift-websocket"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
        ]),
        // The fake provider server: all three APIs on loopback, for tests, benches and rehearsals.
        .target(name: "FactoryFakeProviders", dependencies: [
            "FactoryCore", "FactoryKinds", "FactoryImaging", "FactoryMedia",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Yams", package: "Yams"),
        ]),
        // Cluster mode (docs/cluster.md): the storage protocols, the work queue and provider slots on PostgreSQL.
        .target(name: "FactoryCluster", dependencies: [
            "FactoryCore",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
        ]),
        // Posting finished bundles to TikTok, YouTube and Instagram (docs/publishing.md): the
        // platforms' clients, the token store and the publisher that drives them from the journal.
        .target(name: "FactoryPublishing", dependencies: [
            "FactoryCore",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        // `factory studio` (docs/studio.md): the week in a browser, served on loopback.
        .target(name: "FactoryStudio", dependencies: [
            "FactoryCore", "FactoryKinds", "FactoryReview", "FactoryImaging",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Crypto", package: "swift-crypto"),
        ], resources: [.copy("Resources")]),
        // `factory mcp` (docs/mcp.md): the CLI's verbs as MCP tools and the week's bundles as resources, over stdio.
        .target(name: "FactoryMCP", dependencies: [
            "FactoryCore", "FactoryKinds", "FactoryReview",
            .product(name: "MCP", package: "swift-sdk"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "FactoryCommands", dependencies: [
            "FactoryMCP", "FactoryStudio", "FactoryPublishing", "FactoryCore", "FactoryKinds", "FactoryReview", "FactoryCluster", "FactoryProviders", "FactoryFakeProviders", "FactoryImaging",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "factory", dependencies: ["FactoryCommands"]),
        // The benchmarks behind `make bench`, apart from the shipping binary; they time the `factory` built beside them.
        .target(name: "FactoryBench", dependencies: [
            "FactoryCore", "FactoryKinds", "FactoryCluster", "FactoryProviders", "FactoryFakeProviders", "FactoryImaging", "FactoryMedia",
            "FactoryTesting", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "factory-bench", dependencies: ["FactoryBench"]),
        .target(name: "FactoryTesting", dependencies: ["FactoryCore", "FactoryKinds", "FactoryImaging"]),
        // The untrusted inputs as functions of bytes: fed by `make fuzz`, replayed by the tests.
        .target(name: "FactoryFuzzing", dependencies: ["FactoryCore", "FactoryKinds", "FactoryProviders", "FactoryImaging", "FactoryMedia"]),

        .testTarget(name: "FactoryImagingTests", dependencies: ["FactoryImaging"]),
        .testTarget(name: "FactoryMediaTests", dependencies: ["FactoryMedia", "FactoryImaging", "FactoryTesting"]),
        .testTarget(name: "FactoryCoreTests", dependencies: ["FactoryCore", "FactoryKinds", "FactorySystem", "FactoryTesting"]),
        .testTarget(name: "FactoryKindsTests", dependencies: ["FactoryKinds", "FactoryCore", "FactoryImaging", "FactoryMedia", "FactoryProviders", "FactoryReview", "FactoryTesting"]),
        .testTarget(name: "FactoryReviewTests", dependencies: ["FactoryReview", "FactoryKinds", "FactoryCore", "FactoryImaging", "FactoryMedia", "FactoryTesting"]),
        .testTarget(name: "FactoryProvidersTests", dependencies: [
            "FactoryProviders", "FactoryFakeProviders", "FactoryCore", "FactoryKinds", "FactoryImaging", "FactoryTesting",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            // The fake Realtime API's tests talk to it as a WebSocket client would.
            .product(name: "WSClient", package: "swift-websocket"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
        ]),
        .testTarget(name: "FactoryPublishingTests", dependencies: [
            "FactoryPublishing", "FactoryFakeProviders", "FactoryCore", .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        .testTarget(name: "FactoryStudioTests", dependencies: ["FactoryStudio", "FactoryTesting"]),
        .testTarget(name: "FactoryMCPTests", dependencies: ["FactoryMCP", "FactoryCore", "FactoryTesting",
                                                            .product(name: "MCP", package: "swift-sdk")]),
        .testTarget(name: "FactoryCommandsTests", dependencies: ["FactoryCommands", "FactoryBench", "FactoryCore", "FactoryKinds"]),
        .testTarget(name: "FactoryFuzzingTests", dependencies: ["FactoryFuzzing", "FactoryMedia", "FactoryTesting"]),
        .testTarget(name: "FactoryClusterTests", dependencies: ["FactoryCluster", "FactoryCore", "FactoryKinds", "FactoryTesting"]),
        .testTarget(name: "FactoryEndToEndTests", dependencies: [
            "FactoryCluster", "FactoryKinds", "FactoryTesting", "FactoryMedia", "FactoryImaging", "FactoryCore", "FactoryFakeProviders",
            // The studio's tests speak HTTP to it and drive Chromium over the DevTools protocol.
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "WSClient", package: "swift-websocket"),
        ]),
    ]
)

// `make fuzz` (FACTORY_FUZZ=1, in .build-fuzz): libFuzzer's driver over the fuzz surfaces. It has
// no `main` until `-sanitize=fuzzer` links libFuzzer's, so ordinary builds leave it out.
if Context.environment["FACTORY_FUZZ"] == "1" {
    package.targets.append(.executableTarget(name: "factory-fuzz", dependencies: ["FactoryFuzzing"], path: "Fuzz/Driver",
                                             swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
}
