import CZstd
import Foundation

/// zstdCompress: `data` as one zstd frame (level 3), to build anki21b collections and bombs.
func zstdCompress(_ data: Data) throws -> Data {
    var output = Data(count: ZSTD_compressBound(data.count))
    let size = output.withUnsafeMutableBytes { target in
        data.withUnsafeBytes { source in
            ZSTD_compress(target.baseAddress, target.count, source.baseAddress, source.count, 3)
        }
    }
    struct CompressionFailed: Error {}
    guard ZSTD_isError(size) == 0 else { throw CompressionFailed() }
    return output.prefix(size)
}
