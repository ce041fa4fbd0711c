import Foundation

/// writeLargeDeck: a valid deck of at least `minimumBytes` (kana questions, unique answers, 50
/// categories), written without building it in memory; returns how many entries it has.
public func writeLargeDeck(_ url: URL, minimumBytes: Int) throws -> Int {
    var bytes = Data()
    bytes.reserveCapacity(minimumBytes + 4096)
    bytes.append(contentsOf: Array(#"{"title":"Big","challenges":["#.utf8))
    let padding = String(repeating: "x", count: 90)
    var count = 0
    while bytes.count < minimumBytes {
        if count > 0 { bytes.append(UInt8(ascii: ",")) }
        count += 1
        let entry = #"{"question":"ことば\#(count)","pronunciation":"kotoba \#(count) \#(padding)","#
            + #""answer":"meaning \#(count)","category":"Category \#(count % 50)"}"#
        bytes.append(contentsOf: Array(entry.utf8))
    }
    bytes.append(contentsOf: Array("]}".utf8))
    try bytes.write(to: url)
    return count
}
