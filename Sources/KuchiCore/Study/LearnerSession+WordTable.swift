import Foundation
import KuchiDeck
import KuchiData

/// LearnerSession+WordTable: Welcome's counts over the deck's word table (`DeckWordTable`, kept
/// in the deck cache), as `kuchi due`'s quick path counts — the whole deck's card keys are not
/// built and each card row is not hashed as `String`s at every start (issue 39), nor the deck
/// decoded. The table is the studied source's own (`DeckSource.wordTable`): read with its
/// outline, for the file as it is, and dropped if the deck decoded turned out another version.
extension LearnerSession {
    /// tableStatus: the figures for `selection` through the word table of the deck studied, or
    /// nil when no table stands for it (no cache, a changed file, a deck in memory) or the
    /// database does not answer — the caller then counts the whole deck's way.
    func tableStatus(selection: StudySelection, now: Date) -> StudyStatus? {
        guard let database, let learner = user.profileID, let table = studied.source.wordTable else { return nil }
        return Self.status(database: database, learner: learner, table: table, selection: selection,
                           categories: selection.categories, now: now)
    }
}
