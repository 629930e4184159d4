// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Expo1900",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "expo1900", targets: ["expo1900"]),
        .library(name: "ExpoCatalog", targets: ["ExpoCatalog"]),
        .library(name: "ExpoImages", targets: ["ExpoImages"]),
        .library(name: "ExpoSite", targets: ["ExpoSite"]),
        .library(name: "ExpoServer", targets: ["ExpoServer"]),
        .library(name: "ExpoStudio", targets: ["ExpoStudio"]),
        .library(name: "ExpoImport", targets: ["ExpoImport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        // Already part of Hummingbird; named because the server's connection handler uses them directly.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.8.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // Markdown in exhibits' long texts.
        .package(url: "https://github.com/JohnSundell/Ink", from: "0.6.0"),
        // The studio's state (accounts now; sessions, drafts, history later) in SQLite.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The studio's password hashes (bcrypt) and sessions.
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        // Already part of Hummingbird; named because the studio converts request heads with it.
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.24.0"),
        // `import iiif` fetches other museums' manifests and images with it.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.26.0"),
    ],
    targets: [
        .target(
            name: "ExpoCatalog",
            // zlib: the catalog's zip.
            dependencies: ["CZlib"],
            resources: [.copy("Resources/DefaultCatalog"), .copy("Resources/Interface"), .copy("Resources/StarterCatalog")]
        ),
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"]), .brew(["vips"])]),
        // QR codes for the wall labels.
        // SHA-256 of the studio's session ids, from the system's libcrypto: swift-crypto would
        // compile a whole BoringSSL into every build for one hash.
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]),
        // zlib: the content fingerprint of made media files, which are hashed where they are made.
        .target(name: "ExpoImages", dependencies: ["ExpoCatalog", "CVips", "CQREncode", "CZlib"]),
        .target(
            name: "ExpoSite",
            dependencies: [
                "ExpoCatalog", "ExpoImages", "CZlib", .product(name: "Ink", package: "Ink"),
                // Pages are held in the buffers the server sends, so that they are held once.
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("Resources/Templates"), .copy("Resources/Assets"), .copy("Resources/Icons")]
        ),
        .target(
            name: "ExpoServer",
            dependencies: [
                "ExpoSite",
                .product(name: "HummingbirdCore", package: "hummingbird"),
                // HTTPS of its own for the studio (--tls-cert, --tls-key).
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "ExpoStudio",
            dependencies: [
                "ExpoCatalog", "ExpoImages", "ExpoSite", "ExpoServer",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                "CLibCrypto",
            ],
            resources: [.copy("Resources/Interface"), .copy("Resources/Templates"), .copy("Resources/Assets")]
        ),
        // Reading other systems' collections into a catalog: IIIF Presentation over the network.
        .target(
            name: "ExpoImport",
            dependencies: ["ExpoCatalog", "ExpoImages", .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        .executableTarget(
            name: "expo1900",
            dependencies: [
                "ExpoCatalog", "ExpoImages", "ExpoSite", "ExpoServer", "ExpoStudio", "ExpoImport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "ExpoTestSupport", dependencies: ["ExpoCatalog", "ExpoImages", "ExpoSite"], path: "Tests/ExpoTestSupport"),
        .testTarget(name: "ExpoCatalogTests", dependencies: ["ExpoCatalog", "ExpoTestSupport"]),
        .testTarget(name: "ExpoImagesTests", dependencies: ["ExpoImages", "ExpoTestSupport"]),
        .testTarget(name: "ExpoSiteTests", dependencies: ["ExpoSite", "ExpoImages", "ExpoTestSupport"]),
        .testTarget(
            name: "ExpoServerTests",
            dependencies: [
                "ExpoServer", "ExpoTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "ExpoStudioTests",
            dependencies: [
                "ExpoStudio", "ExpoServer", "ExpoSite", "ExpoCatalog", "ExpoTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(name: "ExpoImportTests", dependencies: ["ExpoImport", "ExpoTestSupport"]),
        .testTarget(name: "expo1900Tests", dependencies: ["expo1900", "ExpoTestSupport"]),
    ]
)
