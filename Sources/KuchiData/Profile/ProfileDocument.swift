import Foundation
import KuchiBase

/// ProfileDocument: a profile file as the JSON object it is on disk, so that a save changes only
/// the fields it names and keeps everything else — keys a newer Kuchi added at any level, and
/// fields another window changed a moment ago.
///
/// Decoding into `Profile` and encoding it back would drop every key `Profile` does not know;
/// this works on the parsed object instead and copies just the named values into it.
package struct ProfileDocument {
    /// Problem: why bytes on disk are not a document this build may change.
    package enum Problem: Error, Equatable {
        /// damaged: not JSON, or not shaped like a profile file.
        case damaged
        /// newer: written in a format newer than `ProfileStore.schemaVersion`.
        case newer(Int)
    }

    /// object: the whole file: `{"version": …, "profile": {…}, …}`.
    package private(set) var object: [String: Any]
    /// source: the bytes the document was parsed from, while it is unchanged: `profile()`
    /// decodes them directly instead of writing the object out again first (most of a
    /// profile's load time, at every start and every `kuchi due`).
    private var source: Data?

    /// init: parses a file's bytes; only the version and the `profile` object are required.
    package init(data: Data) throws(Problem) {
        source = data
        guard let parsed = try? JSONSerialization.jsonObject(with: data), let object = parsed as? [String: Any],
              let version = object["version"] as? Int
        else { throw .damaged }
        // A newer format may be shaped differently, so the version is judged before the shape.
        guard version <= ProfileStore.schemaVersion else { throw .newer(version) }
        guard object["profile"] is [String: Any] else { throw .damaged }
        self.object = object
    }

    /// init: a new document holding `fields` of `profile` (and its id); all of them by default.
    package init(_ profile: Profile, fields: [ProfileField] = ProfileField.allCases) throws(Problem) {
        let whole = try Self.encodedObject(profile)
        var target: [String: Any] = ["id": whole["id"] ?? profile.id.uuidString, "settings": [String: Any]()]
        for field in fields {
            guard let value = Self.value(at: field.path, in: whole) else { continue }
            Self.setValue(value, at: field.path, in: &target)
        }
        object = ["version": ProfileStore.schemaVersion, "profile": target]
    }

    /// set: copies `fields` of `profile` into the document, leaving every other key alone.
    package mutating func set(_ fields: some Sequence<ProfileField>, from profile: Profile) throws(Problem) {
        let source = try Self.encodedObject(profile)
        var target = object["profile"] as? [String: Any] ?? [:]
        for field in fields {
            guard let value = Self.value(at: field.path, in: source) else { continue }
            Self.setValue(value, at: field.path, in: &target)
        }
        object["profile"] = target
        self.source = nil
    }

    /// data: the document as pretty, key-sorted JSON (a person may read or edit it), written by
    /// `JSONEncoder`: `JSONSerialization`'s key sort loads ICU's collation (`JSONValue`).
    package func data() throws(Problem) -> Data {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(JSONValue(object))
        } catch {
            throw .damaged
        }
    }

    /// profile(reading:): the profile in a file's bytes, for a reader that changes nothing (every
    /// start, `kuchi due`). The version and shape are judged by the hand reader of JSON text
    /// (`JSONValue(json:)`), not `JSONSerialization`, whose `Any` tree and dynamic casts were
    /// most of the profile phase, and the profile by `Profile(plain:)` (issue 39); a file they do
    /// not read plainly (another encoding, a version that is not an integer, a value of an
    /// unusual kind) is judged by `init(data:)` or `JSONDecoder` as before, so every file gets
    /// the verdict it always had.
    package static func profile(reading data: Data) throws(Problem) -> Profile {
        guard case .object(let top)? = JSONValue(json: data), case .integer(let version)? = top["version"],
              let body = top["profile"], case .object = body else {
            return try ProfileDocument(data: data).profile()
        }
        guard version <= Int64(ProfileStore.schemaVersion) else { throw .newer(Int(version)) }
        if let profile = Profile(plain: body, dates: .iso8601) { return profile }
        do {
            return try ProfileStore.decoder.decode(Wrapper.self, from: data).profile
        } catch {
            throw .damaged
        }
    }

    /// profile: the document decoded as this build understands it.
    package func profile() throws(Problem) -> Profile {
        do {
            let wrapper = try ProfileStore.decoder.decode(Wrapper.self, from: try source ?? data())
            return wrapper.profile
        } catch {
            throw .damaged
        }
    }

    /// Wrapper: the part of the file `profile()` decodes.
    private struct Wrapper: Decodable {
        let profile: Profile
    }

    /// encodedObject: `profile` as a JSON object, in exactly the form the file stores.
    private static func encodedObject(_ profile: Profile) throws(Problem) -> [String: Any] {
        guard let data = try? ProfileStore.encoder.encode(profile),
              let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { throw .damaged }
        return object
    }

    /// value: the value at `path` in `object`; nil when a key on the way is missing.
    private static func value(at path: [String], in object: [String: Any]) -> Any? {
        guard let first = path.first else { return nil }
        if path.count == 1 { return object[first] }
        guard let child = object[first] as? [String: Any] else { return nil }
        return value(at: Array(path.dropFirst()), in: child)
    }

    /// setValue: sets the value at `path`, creating (or replacing a non-object) intermediate
    /// object where needed.
    private static func setValue(_ value: Any, at path: [String], in object: inout [String: Any]) {
        guard let first = path.first else { return }
        if path.count == 1 {
            object[first] = value
            return
        }
        var child = object[first] as? [String: Any] ?? [:]
        setValue(value, at: Array(path.dropFirst()), in: &child)
        object[first] = child
    }
}
