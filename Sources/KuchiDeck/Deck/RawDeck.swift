/// JSONField: one JSON value as far as deck validation needs it — strings kept, every other
/// kind only named, so a wrong type can be reported without keeping its content.
package enum JSONField: Decodable, Equatable {
    case string(String)
    case number
    case bool
    case null
    case array
    case object

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if (try? container.decode(Bool.self)) != nil {
            self = .bool
        } else if (try? container.decode(Double.self)) != nil {
            self = .number
        } else if (try? container.decode([JSONSkip].self)) != nil {
            self = .array
        } else {
            _ = try container.decode([String: JSONSkip].self)
            self = .object
        }
    }

    /// typeName: how a problem names this kind of value.
    package var typeName: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// JSONSkip: reads past any JSON value (the contents of a mistyped array or object).
package struct JSONSkip: Decodable {
    package init(from decoder: any Decoder) throws {
        _ = try JSONField(from: decoder)
    }
}

/// RawList: a field that should be an array of strings (`also`, `readings`, `confusable`): its items as
/// read, or the value that was there instead of an array.
package enum RawList: Decodable, Equatable {
    case items([JSONField])
    case notList(JSONField)

    package init(from decoder: any Decoder) throws {
        if let items = try? decoder.singleValueContainer().decode([JSONField].self) {
            self = .items(items)
        } else {
            self = .notList(try JSONField(from: decoder))
        }
    }
}

/// RawLevel: the `level` field: a whole number, or the value that was there instead.
package enum RawLevel: Decodable, Equatable {
    case number(Int)
    case other(JSONField)

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Strings and booleans first: Foundation would read "5" or true as a number.
        if let string = try? container.decode(String.self) {
            self = .other(.string(string))
        } else if (try? container.decode(Bool.self)) != nil {
            self = .other(.bool)
        } else if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else {
            self = .other(try JSONField(from: decoder))
        }
    }
}

/// RawFields: an entry's fields before validation; nil when the key is absent.
package struct RawFields {
    package var question: JSONField?
    package var reading: JSONField?
    package var readings: RawList?
    package var pronunciation: JSONField?
    package var answer: JSONField?
    package var category: JSONField?
    package var also: RawList?
    package var pos: JSONField?
    package var level: RawLevel?
    package var confusable: RawList?
    package var contrast: RawList?
    package var homographs: RawList?
    package var written: RawList?
}

/// RawEntry: one element of `challenges` before validation. A field is nil when the key is
/// absent; `null` is kept as `.null`, so "missing" and "null" can be told apart.
package enum RawEntry: Decodable {
    case fields(RawFields)
    case notObject(JSONField)

    private enum Key: String, CodingKey {
        case question, reading, readings, pronunciation, answer, category, also, pos, level, confusable, contrast, homographs, written
    }

    package init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: Key.self) else {
            self = .notObject(try JSONField(from: decoder))
            return
        }
        func field(_ key: Key) throws -> JSONField? {
            guard container.contains(key) else { return nil }
            // Strings straight away (the common case, and much cheaper than a nested decoder);
            // anything else is read again to name its type.
            if let string = try? container.decode(String.self, forKey: key) { return .string(string) }
            return try container.decode(JSONField.self, forKey: key)
        }
        func list(_ key: Key) throws -> RawList? {
            container.contains(key) ? try container.decode(RawList.self, forKey: key) : nil
        }
        self = .fields(RawFields(
            question: try field(.question), reading: try field(.reading), readings: try list(.readings), pronunciation: try field(.pronunciation),
            answer: try field(.answer), category: try field(.category), also: try list(.also), pos: try field(.pos),
            level: container.contains(.level) ? try container.decode(RawLevel.self, forKey: .level) : nil,
            confusable: try list(.confusable), contrast: try list(.contrast), homographs: try list(.homographs),
            written: try list(.written)))
    }
}

/// RawChallenges: the `challenges` value — an array of entries, or something else to report.
package enum RawChallenges: Decodable {
    case entries([RawEntry])
    case other(JSONField)

    package init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var entries: [RawEntry] = []
            entries.reserveCapacity(array.count ?? 0)
            while !array.isAtEnd { entries.append(try array.decode(RawEntry.self)) }
            self = .entries(entries)
        } else {
            self = .other(try JSONField(from: decoder))
        }
    }
}

/// RawDeck: a deck file decoded with `JSONDecoder` — native Swift parsing, a fraction of the
/// time and memory of `JSONSerialization`'s object graph on a large deck.
package struct RawDeck: Decodable {
    package let title: JSONField?
    package let attribution: JSONField?
    package let challenges: RawChallenges?

    private enum Key: String, CodingKey {
        case title, attribution, challenges
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        title = container.contains(.title) ? try container.decode(JSONField.self, forKey: .title) : nil
        attribution = container.contains(.attribution) ? try container.decode(JSONField.self, forKey: .attribution) : nil
        challenges = container.contains(.challenges) ? try container.decode(RawChallenges.self, forKey: .challenges) : nil
    }
}
