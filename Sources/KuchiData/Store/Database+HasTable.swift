import GRDB

extension Database {
    /// hasTable: whether the file has a table named `name` (compared without regard to case, as
    /// GRDB's `tableExists` compares), read with one statement. GRDB's `tableExists` first reads
    /// and caches the whole schema — 1.7M instructions, 6 % of `kuchi due` with no reviews, and
    /// the first screen paid it too — where a start's reads only ask whether a table a later
    /// migration made is there yet, in a file opened read-only before its migration (issue 39).
    package func hasTable(_ name: String) throws -> Bool {
        try Row.fetchOne(self, sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ? COLLATE NOCASE LIMIT 1",
                         arguments: [name]) != nil
    }
}
