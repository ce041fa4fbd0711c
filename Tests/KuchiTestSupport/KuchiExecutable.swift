import Foundation

/// ExecutableNotFound: the binary was not where a build puts it; says every place looked at.
public struct ExecutableNotFound: Error, CustomStringConvertible, Sendable {
    public let name: String
    public let searched: [String]

    public var description: String {
        "could not find the \(name) executable; run `swift build` first. Looked at:\n  "
            + searched.joined(separator: "\n  ")
    }
}

/// kuchiExecutable: finds the `kuchi` binary that `swift build` / `swift test` built alongside the tests.
///
/// Search order:
/// 1. `$KUCHI_EXECUTABLE`, an explicit path (it must exist);
/// 2. the build products directory holding the test bundle: `swift test` on Linux runs
///    `.build/<triple>/<config>/<Package>PackageTests.xctest` as an executable and puts
///    products beside it; on macOS the products sit beside the `.xctest` bundle. Checked
///    from `Bundle.main`, every loaded `.xctest` bundle, `CommandLine.arguments[0]` and
///    Xcode's `BUILT_PRODUCTS_DIR` / `__XCODE_BUILT_PRODUCTS_DIR_PATHS`;
/// 3. `<package root>/.build/debug/kuchi`, then `.build/release/kuchi`, where the package
///    root is the nearest ancestor of `filePath` with a `Package.swift`.
public func kuchiExecutable(named name: String = "kuchi", filePath: String = #filePath) throws -> URL {
    let fileManager = FileManager.default
    let environment = ProcessInfo.processInfo.environment
    if let explicit = environment["KUCHI_EXECUTABLE"], !explicit.isEmpty {
        guard fileManager.isExecutableFile(atPath: explicit) else {
            throw ExecutableNotFound(name: name, searched: ["KUCHI_EXECUTABLE=\(explicit)"])
        }
        return URL(fileURLWithPath: explicit)
    }

    var searched: [String] = []
    for directory in productDirectoryCandidates(environment: environment) {
        let candidate = directory.appendingPathComponent(name)
        if searched.contains(candidate.path) { continue }
        searched.append(candidate.path)
        if isExecutableFile(candidate) { return candidate }
    }
    if let root = packageRoot(containing: URL(fileURLWithPath: filePath)) {
        for configuration in ["debug", "release"] {
            let candidate = root.appendingPathComponent(".build/\(configuration)/\(name)")
            searched.append(candidate.path)
            if isExecutableFile(candidate) { return candidate }
        }
    } else {
        searched.append("(no Package.swift above \(filePath))")
    }
    throw ExecutableNotFound(name: name, searched: searched)
}

/// Directories that may hold the build products, best guesses first.
private func productDirectoryCandidates(environment: [String: String]) -> [URL] {
    var starts: [URL] = [Bundle.main.bundleURL]
    if let executable = Bundle.main.executableURL { starts.append(executable) }
    starts += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
    if let argument = CommandLine.arguments.first, !argument.isEmpty {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        starts.append(URL(fileURLWithPath: argument, relativeTo: cwd).standardizedFileURL)
    }
    var directories: [URL] = []
    for start in starts {
        // The products directory is the one holding the .xctest (bundle or Linux executable),
        // or the directory of any other runner.
        let url = start.resolvingSymlinksInPath()
        let components = url.pathComponents
        if let index = components.firstIndex(where: { $0.hasSuffix(".xctest") }) {
            directories.append(URL(fileURLWithPath: NSString.path(withComponents: Array(components[..<index]))))
        } else {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            directories.append(isDirectory.boolValue ? url : url.deletingLastPathComponent())
        }
    }
    let xcode = (environment["__XCODE_BUILT_PRODUCTS_DIR_PATHS"] ?? "").split(separator: ":").map(String.init)
        + [environment["BUILT_PRODUCTS_DIR"]].compactMap { $0 }
    directories += xcode.map { URL(fileURLWithPath: $0, isDirectory: true) }
    return directories
}

/// The nearest ancestor directory of `file` that contains a `Package.swift`.
private func packageRoot(containing file: URL) -> URL? {
    var directory = file.deletingLastPathComponent()
    while directory.pathComponents.count > 1 {
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            return directory
        }
        directory = directory.deletingLastPathComponent()
    }
    return nil
}

/// Whether `url` is an executable regular file (not a directory such as a bundle).
private func isExecutableFile(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        && !isDirectory.boolValue
        && FileManager.default.isExecutableFile(atPath: url.path)
}
