/// LearnerDatabase+Stats: the statistics read from the learner database.
import KuchiData

extension LearnerDatabase {
    /// statsSource: the Stats tab's and `kuchi stats`' queries, on this database.
    public var statsSource: StatsSource { StatsSource(reader: writer) }
}
