// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Kuchi",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "kuchi", targets: ["KuchiTUI"]),
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(
            name: "KuchiCore",
            resources: [.copy("../../Resources/challenges.json")]
        ),
        .executableTarget(
            name: "KuchiTUI",
            dependencies: ["KuchiCore", "CNcurses"]
        ),
        .testTarget(name: "KuchiCoreTests", dependencies: ["KuchiCore"]),
        .testTarget(name: "KuchiTUITests", dependencies: ["KuchiTUI", "KuchiCore"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
