import Foundation

/// QuizMemory+Leeches: a leech's notice, told once the learner has answered it, and a word put
/// back among those to learn again in Learn.
extension QuizMemory {
    /// leechUntold: whether the card's leech notice is still to be told (once per card, on
    /// this machine). Asking does not tell it: `markLeechTold` does, once the learner chose.
    func leechUntold(_ cardID: Int64) -> Bool {
        guard learnerDeck != nil else { return true }
        return (try? context.database.wasLeechNoticed(card: cardID)) == false
    }

    /// markLeechTold: the learner answered the card's leech notice; it is not told again.
    func markLeechTold(_ cardID: Int64) {
        guard learnerDeck != nil else { return }
        do {
            try context.database.markLeechNoticed(card: cardID)
        } catch {
            fail("Could not keep your choice for the leech", error)
        }
    }

    /// relearn: the card's flash card goes back among those not remembered in Learn.
    func relearn(cardID: Int64) {
        guard learnerDeck != nil else { return }
        do {
            try context.database.setLearned(cardID: cardID, false)
        } catch {
            fail("Could not put the word back in Learn", error)
        }
    }
}
