// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Kuchi",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "kuchi", targets: ["KuchiTUI"]),
        .executable(name: "kuchi-bench", targets: ["KuchiBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        .systemLibrary(
            name: "CZstd",
            providers: [.apt(["libzstd-dev"])]
        ),
        .target(
            name: "KuchiCore",
            dependencies: [
                "CZstd",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            resources: [.copy("../../Resources/challenges.json")]
        ),
        .executableTarget(
            name: "KuchiTUI",
            dependencies: [
                "KuchiCore", "CNcurses",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "KuchiBench", dependencies: ["KuchiCore"]),
        .testTarget(name: "KuchiCoreTests", dependencies: [
            "KuchiCore", "CZstd", .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        .testTarget(name: "KuchiTUITests", dependencies: ["KuchiTUI", "KuchiCore"], exclude: ["Fixtures"]),
        .testTarget(name: "KuchiE2ETests", dependencies: ["KuchiTUI"]),
    ],
    swiftLanguageModes: [.v6]
)
