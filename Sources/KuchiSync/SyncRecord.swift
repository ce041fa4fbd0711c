import Foundation
import KuchiMemory
import KuchiDeck
import KuchiData

/// SyncDeck: an imported deck's file, so the words of the learner's decks exist everywhere.
public struct SyncDeck: Equatable, Sendable {
    /// name: the deck's name in the library (`kuchi decks`).
    public var name: String
    /// hash: the content's stable hash (32 hex digits); equal files are sent once.
    public var hash: String
    /// content: the deck file, as imported.
    public var content: Data
}

/// SyncRecord: one line of a batch file.
public enum SyncRecord: Equatable, Sendable {
    case review(SyncReview)
    /// undo: the review with this id was undone (a tombstone).
    case undo(uid: String)
    /// setting: a change of one of the learner's settings (its machine is the folder's).
    case setting(SettingChange)
    case deck(SyncDeck)
    /// parameters: a change of the learner's FSRS weights (`kuchi optimize`); its machine is the
    /// folder's, its time its own.
    case parameters(SyncParameters)
    /// forget: the learner was forgotten on every machine at `time` (Forget me → every
    /// machine): each machine deletes them at its next sync.
    case forget(time: Int64)
    /// suspension: a word suspended or brought back, stamped (issue 29; latest stamp wins).
    case suspension(Suspension)
    /// ownAnswer: a learner's own answer kept or removed (`SyncOwnAnswer`; the machine is the
    /// folder the line was read from).
    case ownAnswer(SyncOwnAnswer)
}

/// SyncRecordCoding: a record as one JSON line and back, validating everything read — the
/// folder is untrusted: sizes are bounded, ids and enums checked, text free of controls.
package enum SyncRecordCoding {
    /// The rules every record's fields pass (`RecordRules`, with the learner database's changes).
    package static let maximumText = RecordRules.maximumText
    package static let earliest = RecordRules.earliest
    package static let latest = RecordRules.latest
    package static let maximumDuration = RecordRules.maximumDuration
    package typealias Refusal = RecordRules.Refusal

    /// Line: every key a line may have, all optional, decoded before validation (written by
    /// `json()`, SyncLineJSON.swift).
    package struct Line: Codable {
        package var type: String?
        package var uid: String?
        package var deck: String?
        package var question: String?
        package var reading: String?
        package var direction: String?
        package var answer: String?
        package var time: Int64?
        package var rating: Int?
        package var duration: Int?
        package var field: String?
        package var value: String?
        package var stamp: Int64?
        package var name: String?
        package var hash: String?
        package var content: String?
        package var weights: String?
        package var rescheduled: Bool?
        package var source: String?
        /// suspended, machine: a suspension's flag and the machine that made the change.
        package var suspended: Bool?
        package var machine: String?
    }

    /// encode: the record as one line of JSON (no newline).
    package static func encode(_ record: SyncRecord) throws -> Data {
        line(record).json()
    }

    /// sendable: the record's line when a reader would accept it (the same `validate` readers
    /// run), else nil — so the writer never sends what its readers refuse.
    package static func sendable(_ record: SyncRecord) -> Data? {
        let line = line(record)
        guard case .success = validate(line) else { return nil }
        return line.json()
    }

    /// line: the record's keys.
    package static func line(_ record: SyncRecord) -> Line {
        var line = Line()
        switch record {
        case .review(let review):
            line.type = "review"
            line.uid = review.uid
            line.deck = review.deck
            line.question = review.question
            line.reading = review.reading
            line.direction = review.direction.rawValue
            line.answer = review.answer
            line.time = review.time
            line.rating = review.rating.rawValue
            line.duration = review.duration
        case .undo(let uid):
            line.type = "undo"
            line.uid = uid
        case .setting(let setting):
            line.type = "setting"
            line.field = setting.field.rawValue
            line.value = setting.value
            // `time` for a Kuchi that reads only it (it orders by time; the stamp refines it).
            line.time = setting.stamp.milliseconds
            line.stamp = setting.stamp.rawValue
        case .forget(let time):
            line.type = "forget"
            line.time = time
        case .deck(let deck):
            line.type = "deck"
            line.name = deck.name
            line.hash = deck.hash
            line.content = String(decoding: deck.content, as: UTF8.self)
        case .parameters(let change):
            SyncParameters.fill(&line.type, &line.time, &line.weights, &line.rescheduled, &line.source, from: change)
        case .suspension(let change):
            line.type = "suspension"
            line.deck = change.deck
            line.question = change.question
            line.reading = change.reading
            line.suspended = change.suspended
            line.time = change.stamp
            line.machine = change.machine
        case .ownAnswer(let change):
            OwnAnswerRecord.encode(change, into: &line.type, &line.deck, &line.question, &line.direction, &line.answer, &line.value, &line.time)
        }
        return line
    }

    /// decodeAll: each line's record or refusal. All lines are parsed as one JSON array first
    /// (one decoder pass: ~10× faster than a decoder per line for a 100k-review batch); when
    /// that fails, a line is bad and each is decoded alone so only it is refused.
    package static func decodeAll(_ lines: [Data]) -> [Result<SyncRecord, Refusal>] {
        var joined = Data("[".utf8)
        for (index, line) in lines.enumerated() {
            if index > 0 { joined.append(UInt8(ascii: ",")) }
            joined.append(line)
        }
        joined.append(UInt8(ascii: "]"))
        if let all = try? JSONDecoder().decode([Line].self, from: joined), all.count == lines.count {
            return all.map(validate)
        }
        return lines.map(decode)
    }

    /// decode: the record a line holds, or the sentence saying why it was refused.
    package static func decode(_ data: Data) -> Result<SyncRecord, Refusal> {
        guard let line = try? JSONDecoder().decode(Line.self, from: data) else { return .failure(Refusal("not a JSON record")) }
        return validate(line)
    }

    /// validate: a parsed line as a record, every field checked.
    private static func validate(_ line: Line) -> Result<SyncRecord, Refusal> {
        switch line.type {
        case "review":
            guard let uid = line.uid, ReviewID.isValid(uid) else { return .failure(Refusal("a review without a valid id")) }
            guard let deck = line.deck, let question = line.question, let reading = line.reading, let answer = line.answer,
                  [deck, question, reading, answer].allSatisfy(isCleanText), !deck.isEmpty, !question.isEmpty
            else { return .failure(Refusal("review \(uid) has a missing, overlong or control-character text field")) }
            guard let direction = line.direction.flatMap(StudyDirection.init(rawValue:)) else {
                return .failure(Refusal("review \(uid) has an unknown direction"))
            }
            guard let rating = line.rating.flatMap(Rating.init(rawValue:)) else { return .failure(Refusal("review \(uid) has a rating outside 1–4")) }
            guard let time = line.time, (earliest...latest).contains(time) else { return .failure(Refusal("review \(uid) has a time before 1970 or after 9999")) }
            let duration = min(max(line.duration ?? 0, 0), maximumDuration)
            return .success(.review(SyncReview(uid: uid, deck: deck, question: question, reading: reading, direction: direction,
                                               answer: answer, time: time, rating: rating, duration: duration)))
        case "undo":
            guard let uid = line.uid, ReviewID.isValid(uid) else { return .failure(Refusal("an undo without a valid review id")) }
            return .success(.undo(uid: uid))
        case "setting":
            guard let field = line.field.flatMap(ProfileField.init(rawValue:)), SettingValues.travelling.contains(field),
                  let value = line.value, value.utf8.count <= maximumText, let time = line.time, time >= 0
            else { return .failure(Refusal("a setting record with an unknown field, value or time")) }
            // A record written before stamps existed counts from its time.
            let stamp = line.stamp.map(SettingStamp.init(rawValue:)) ?? SettingStamp.fromMilliseconds(time)
            guard stamp.rawValue > 0 else { return .failure(Refusal("a setting record with an unknown field, value or time")) }
            return .success(.setting(SettingChange(field: field, value: value, stamp: stamp, machine: "")))
        case "forget":
            guard let time = line.time, time > 0 else { return .failure(Refusal("a forget record without a time")) }
            return .success(.forget(time: time))
        case "deck":
            guard let name = line.name, (try? DeckLibrary.checkName(name)) != nil, let hash = line.hash, ReviewID.isValid(hash),
                  let content = line.content
            else { return .failure(Refusal("a deck record with a bad name or hash")) }
            guard !DeckLibrary.isReserved(name) else { return .failure(Refusal("a deck record named like the deck that comes with Kuchi")) }
            let data = Data(content.utf8)
            guard StableHash.hex128(data) == hash else { return .failure(Refusal("deck “\(name)” does not match its hash")) }
            return .success(.deck(SyncDeck(name: name, hash: hash, content: data)))
        case "parameters":
            guard let change = SyncParameters.read(time: line.time, weights: line.weights, rescheduled: line.rescheduled, source: line.source)
            else { return .failure(Refusal("a scheduler-parameters record with a bad time or weights")) }
            return .success(.parameters(change))
        case "suspension":
            guard let deck = line.deck, let question = line.question, let reading = line.reading, let machine = line.machine,
                  [deck, question, reading].allSatisfy(isCleanText), !deck.isEmpty, !question.isEmpty,
                  ReviewID.isValid(machine) || machine == "local",
                  let suspended = line.suspended, let time = line.time, (earliest...latest).contains(time)
            else { return .failure(Refusal("a suspension record with a missing or bad field")) }
            return .success(.suspension(Suspension(deck: deck, question: question, reading: reading, suspended: suspended, stamp: time,
                                                   machine: machine)))
        case OwnAnswerRecord.type:
            return OwnAnswerRecord.decode(deck: line.deck, question: line.question, direction: line.direction, answer: line.answer,
                                          value: line.value, time: line.time).map(SyncRecord.ownAnswer)
        default:
            return .failure(Refusal("an unknown kind of record"))
        }
    }

    /// isCleanText: `RecordRules.isCleanText`.
    package static func isCleanText(_ text: String) -> Bool { RecordRules.isCleanText(text) }
}
