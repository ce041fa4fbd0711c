import CZstd
import Foundation

/// Zstd: streaming zstd decompression (Debian's libzstd), for current Anki packages, whose
/// `collection.anki21b` is a zstd-compressed SQLite file.
///
/// Input is fed in chunks as the zip entry is read and output goes straight to a sink, so
/// neither side is held whole in memory; the output is capped against the input seen so far,
/// never against the frame's declared size, so a small hostile frame cannot expand without
/// bound.
package final class Zstd {
    /// Failure: why the data did not decompress.
    package enum Failure: Error, Equatable {
        /// corrupt: libzstd's reason.
        case corrupt(String)
        /// tooLarge: the output passed the cap.
        case tooLarge
    }

    private let stream: OpaquePointer
    private let limit: (_ consumed: Int) -> Int
    private var output: [UInt8]
    private var consumed = 0
    private var produced = 0
    /// lastHint: libzstd's last return value; 0 once a frame is complete.
    private var lastHint = 0

    /// init: a decompressor whose output may not pass `limit(bytes of input so far)`.
    package init(limit: @escaping (_ consumed: Int) -> Int) throws(Failure) {
        guard let stream = ZSTD_createDStream() else { throw .corrupt("out of memory") }
        self.stream = stream
        self.limit = limit
        output = [UInt8](repeating: 0, count: ZSTD_DStreamOutSize())
    }

    deinit {
        ZSTD_freeDStream(stream)
    }

    /// feed: decompresses `chunk`, handing every piece of output to `sink`.
    package func feed(_ chunk: Data, sink: (Data) throws -> Void) throws {
        consumed += chunk.count
        try chunk.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            var inBuffer = ZSTD_inBuffer(src: source.baseAddress, size: source.count, pos: 0)
            while true {
                let chunkSize = output.count
                let (hint, written) = output.withUnsafeMutableBytes { target -> (Int, Int) in
                    var outBuffer = ZSTD_outBuffer(dst: target.baseAddress, size: target.count, pos: 0)
                    let hint = ZSTD_decompressStream(stream, &outBuffer, &inBuffer)
                    return (hint, outBuffer.pos)
                }
                if ZSTD_isError(hint) != 0 { throw Failure.corrupt(String(cString: ZSTD_getErrorName(hint))) }
                lastHint = hint
                produced += written
                if produced > limit(consumed) { throw Failure.tooLarge }
                if written > 0 { try sink(Data(output[0..<written])) }
                // Done with this chunk when its input is used up and the output was not full
                // (a full buffer may mean more is waiting to be flushed).
                if inBuffer.pos == inBuffer.size, written < chunkSize { break }
            }
        }
    }

    /// finish: throws when the input ended in the middle of a frame.
    package func finish() throws(Failure) {
        if lastHint != 0 || consumed == 0 { throw .corrupt("the data ends in the middle of a frame") }
    }

    /// decompress: all of `input` at once (tests and small data).
    package static func decompress(_ input: Data, limit: Int, sink: (Data) throws -> Void) throws {
        let zstd = try Zstd { _ in limit }
        try zstd.feed(input, sink: sink)
        try zstd.finish()
    }
}
