import ExpoSite
import Foundation

extension SiteOptions {
    /// `EXPO1900_SEARCH_SHARD_BYTES`, when set: the browser suite cuts the default catalog's
    /// index into many small shards with it, to check that a search over shards finds what
    /// one over the whole index does. Not for curators: the default suits every catalog.
    mutating func takeSearchShardSize() {
        if let text = ProcessInfo.processInfo.environment["EXPO1900_SEARCH_SHARD_BYTES"], let bytes = Int(text), bytes > 0 {
            searchShardBytes = bytes
        }
    }
}
