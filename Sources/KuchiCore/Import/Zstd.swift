import CZstd
import Foundation

/// Zstd: streaming zstd decompression (Debian's libzstd), for current Anki packages, whose
/// `collection.anki21b` is a zstd-compressed SQLite file.
///
/// It streams into a sink with a running cap, never trusting the frame's declared size, so a
/// small hostile frame cannot expand without bound.
enum Zstd {
    /// Failure: why the data did not decompress.
    enum Failure: Error, Equatable {
        /// corrupt: libzstd's reason.
        case corrupt(String)
        /// tooLarge: the output passed the cap.
        case tooLarge
    }

    /// decompress: feeds every decompressed chunk to `sink`, refusing output beyond
    /// `limit` bytes. Concatenated frames are all decoded, as the zstd tool does.
    static func decompress(_ input: Data, limit: Int, sink: (Data) throws -> Void) throws {
        guard let stream = ZSTD_createDStream() else { throw Failure.corrupt("out of memory") }
        defer { ZSTD_freeDStream(stream) }
        let chunkSize = ZSTD_DStreamOutSize()
        var output = [UInt8](repeating: 0, count: chunkSize)
        var produced = 0
        var lastResult = 0
        try input.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            var inBuffer = ZSTD_inBuffer(src: source.baseAddress, size: source.count, pos: 0)
            repeat {
                let (result, written) = output.withUnsafeMutableBytes { target -> (Int, Int) in
                    var outBuffer = ZSTD_outBuffer(dst: target.baseAddress, size: target.count, pos: 0)
                    let result = ZSTD_decompressStream(stream, &outBuffer, &inBuffer)
                    return (result, outBuffer.pos)
                }
                if ZSTD_isError(result) != 0 {
                    throw Failure.corrupt(String(cString: ZSTD_getErrorName(result)))
                }
                lastResult = result
                produced += written
                if produced > limit { throw Failure.tooLarge }
                if written > 0 { try sink(Data(output[0..<written])) }
                // Stop when the input is used up and the decoder has nothing left to flush.
                if inBuffer.pos == inBuffer.size, written < chunkSize { break }
            } while true
        }
        // A non-zero hint after all input means the last frame was cut short.
        if lastResult != 0 { throw Failure.corrupt("the data ends in the middle of a frame") }
    }
}
