// swift-tools-version: 6.0
import PackageDescription

#if canImport(Glibc)
import Glibc
#endif

/// The checkout's root: the linker reads Linker/kuchi.order from here.
let root = String(#filePath.dropLast("/Package.swift".count))

/// hasPackedRelocations: this machine's glibc reads `DT_RELR` (2.36 and later). lld marks a
/// binary linked with `-z pack-relative-relocs` as needing `GLIBC_ABI_DT_RELR`, which an older
/// glibc refuses at start, so the flag is given only where the binary built will run.
let hasPackedRelocations: Bool = {
    #if canImport(Glibc)
    // confstr gives "glibc 2.36".
    var buffer = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, buffer.count) > 0 else { return false }
    let version = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let parts = version.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
    return parts.count >= 2 && (parts[0], parts[1]) >= (2, 36)
    #else
    return false
    #endif
}()

/// releaseLink: a release `kuchi` is linked by lld with packed relative relocations where glibc
/// reads them (a 16 KiB `.relr.dyn` instead of 2 MiB of `.rela.dyn` read at every start) and
/// with the functions a start runs laid out together (Linker/kuchi.order, from
/// scripts/make-link-order), so a start touches fewer pages of the 90 MiB binary (DECISIONS.md,
/// "Issue 21, second round"). `--no-export-dynamic` undoes the `-export-dynamic` of Swift's
/// static-stdlib link: nothing looks Kuchi's own symbols up at run time, yet their 1 MiB table
/// was paged in at every start (the shared libraries' symbols are looked up in the executable
/// first) and kept alive (DECISIONS.md, "Round three (issue 39, the floor)"). Debug builds link as before (gold); the release `kuchi` the install test builds is
/// linked this way too.
let releaseLink: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld"]
                 + (hasPackedRelocations ? ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] : [])
                 + ["-Xlinker", "--symbol-ordering-file=\(root)/Linker/kuchi.order", "-Xlinker", "--no-warn-symbol-ordering",
                    "-Xlinker", "--no-export-dynamic"],
                 .when(platforms: [.linux], configuration: .release)),
]

/// releaseSwift: a release build names concrete generic types by their metadata accessors, not
/// by mangled name. A mangled name is turned into metadata by the runtime's demangler, which
/// looks up every conformance the type's requirements need — and each first lookup scans all
/// 6,900 conformance records of the static binary: a quarter of a first screen's instructions
/// (DECISIONS.md, "Issue 39, round four").
let releaseSwift: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
]

let package = Package(
    name: "Kuchi",
    // No `platforms:` claim: Kuchi is built and tested on Linux only (Glibc signal handling,
    // ncursesw headers, /proc/self/exe; DECISIONS.md "Linux only").
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
        // The layers below KuchiCore, lowest first; SwiftPM refuses a cycle between targets, so a
        // lower layer can never name a higher one (ARCHITECTURE.md).
        .target(name: "KuchiBase", swiftSettings: releaseSwift),
        .target(name: "KuchiMemory", swiftSettings: releaseSwift),
        .target(
            name: "KuchiDeck",
            dependencies: [
                "KuchiBase", "CZstd",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                // An Anki package's collection is an SQLite file of its own (never kuchi.sqlite).
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("../../Resources/challenges.json"), .copy("../../Resources/accents.json"),
                        .copy("../../Resources/sentences.json"), .copy("../../Resources/kanji.json"), .copy("../../Resources/voice"),
                        .copy("../../Resources/english-words.txt"),
                        .copy("../../Resources/glosses.json"), .copy("../../Resources/spelling-variants.txt"),
                        .copy("../../Resources/voice.json")],
            swiftSettings: releaseSwift
        ),
        .target(name: "KuchiRecall", dependencies: ["KuchiBase", "KuchiDeck"], swiftSettings: releaseSwift),
        // The learner database: the one owner of kuchi.sqlite — its schema, every statement on its
        // tables, the catalogue of changes and their one apply.
        .target(
            name: "KuchiData",
            dependencies: [
                "KuchiBase", "KuchiMemory", "KuchiDeck", "KuchiRecall",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for the one scan that reads rows as bytes (the status count).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: releaseSwift
        ),
        // The sync folder: batch files, the ledger, intake, replay, Forget everywhere.
        .target(
            name: "KuchiSync",
            dependencies: [
                "KuchiBase", "KuchiMemory", "KuchiDeck", "KuchiData",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: releaseSwift
        ),
        .target(
            name: "KuchiCore",
            dependencies: [
                "KuchiBase", "KuchiMemory", "KuchiDeck", "KuchiRecall", "KuchiData", "KuchiSync",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: releaseSwift
        ),
        .executableTarget(
            name: "KuchiTUI",
            dependencies: [
                "KuchiBase", "KuchiMemory", "KuchiDeck", "KuchiRecall", "KuchiData", "KuchiSync", "KuchiCore", "CNcurses",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: releaseSwift,
            linkerSettings: releaseLink
        ),
        .executableTarget(name: "KuchiBench", dependencies: ["KuchiBase", "KuchiMemory", "KuchiDeck", "KuchiRecall", "KuchiData", "KuchiSync", "KuchiCore"],
                         swiftSettings: releaseSwift),
        // One copy of what every test target needs: temporary folders, a deck generator, the
        // way to find the built binary.
        .target(name: "KuchiTestSupport", path: "Tests/KuchiTestSupport"),
        .testTarget(name: "KuchiCoreTests", dependencies: [
            "KuchiBase", "KuchiMemory", "KuchiDeck", "KuchiRecall", "KuchiData", "KuchiSync", "KuchiCore", "KuchiTestSupport", "CZstd", .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        .testTarget(name: "KuchiTUITests", dependencies: ["KuchiTUI", "KuchiBase", "KuchiMemory", "KuchiDeck", "KuchiRecall", "KuchiData", "KuchiSync", "KuchiCore", "KuchiTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "KuchiE2ETests", dependencies: ["KuchiTUI", "KuchiBase", "KuchiMemory", "KuchiDeck", "KuchiRecall", "KuchiData", "KuchiSync", "KuchiCore", "KuchiTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
