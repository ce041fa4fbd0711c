import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiData
@testable import KuchiSync

/// Issue 29: a suspended word travels with `kuchi sync`; the latest change wins on every machine.
@Suite("Sync of suspended words")
struct SyncSuspensionTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// sync: one `SyncService` run for the machine whose folders are under `home`.
    func sync(_ home: TemporaryDirectory, _ folder: URL, name: String? = nil, at now: Date) throws -> SyncReport {
        try SyncService.run(SyncRequest(folder: folder, profileName: name, configDirectory: home.file("config"),
                                        dataDirectory: home.file("data"), statusOnly: false, now: now)).get()
    }

    @Test("a suspend on one machine reaches the other; a later unsuspend there comes back; concurrent changes agree")
    func suspensionTravels() throws {
        let (a, b, folder) = (try TemporaryDirectory(), try TemporaryDirectory(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try ProfileStore(directory: a.file("config")).create(hana)
        let onA = LearnerDatabase.open(directory: a.file("data"))
        try onA.setSuspended(true, learner: hana.id, deck: "Deck", question: "猫", reading: "ねこ", now: start)
        #expect(try sync(a, folder.url, at: start.addingTimeInterval(10)).sent == 1)
        _ = try sync(b, folder.url, name: "Hana", at: start.addingTimeInterval(20))
        let onB = LearnerDatabase.open(directory: b.file("data"))
        #expect(try onB.isSuspended(learner: hana.id, deck: "Deck", question: "猫", reading: "ねこ"))

        try onB.setSuspended(false, learner: hana.id, deck: "Deck", question: "猫", reading: "ねこ", now: start.addingTimeInterval(30))
        _ = try sync(b, folder.url, at: start.addingTimeInterval(40))
        _ = try sync(a, folder.url, at: start.addingTimeInterval(50))
        #expect(try !onA.isSuspended(learner: hana.id, deck: "Deck", question: "猫", reading: "ねこ"), "the later unsuspend wins")

        // Both change before syncing: the later stamp wins on both machines, whoever syncs first.
        try onB.setSuspended(true, learner: hana.id, deck: "Deck", question: "犬", reading: "いぬ", now: start.addingTimeInterval(70))
        try onA.setSuspended(false, learner: hana.id, deck: "Deck", question: "犬", reading: "いぬ", now: start.addingTimeInterval(60))
        _ = try sync(b, folder.url, at: start.addingTimeInterval(80))
        _ = try sync(a, folder.url, at: start.addingTimeInterval(90))
        _ = try sync(b, folder.url, at: start.addingTimeInterval(100))
        for database in [onA, onB] {
            #expect(try database.isSuspended(learner: hana.id, deck: "Deck", question: "犬", reading: "いぬ"))
        }
    }
}
