import Foundation

extension Site {
    /// The large photos' tile services, for the export to copy their files.
    public var tileServices: [TileService] { context.assets.tileServices.values.sorted { $0.path < $1.path } }

    /// The tile at `path` (`/tiles/<name>-<hash>/0,0,512,512/512,512/0/default.jpg`), read from
    /// the cache when asked for, or nil for any address that is no tile of this site. Tiles
    /// are the one kind of file the site reads at request time: held, a large photo's would
    /// take 100 MB; the server keeps the ones asked for lately.
    public func tilePage(at path: Substring) -> Page? {
        guard path.hasPrefix(TileService.prefix) else { return nil }
        let inside = path.dropFirst(TileService.prefix.count)
        guard let slash = inside.firstIndex(of: "/"),
              let service = context.assets.tileServices[TileService.prefix + inside[..<slash]],
              let tile = service.mediaFile(inside[inside.index(after: slash)...]) else { return nil }
        return Page(contentType: "image/jpeg", file: tile, caching: .immutable, crossOrigin: true)
    }
}
