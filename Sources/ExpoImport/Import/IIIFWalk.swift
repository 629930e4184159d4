import Foundation

/// Walks a IIIF source to its manifests, in the order the collections list them: nested
/// collections are followed, each document is read once (a collection that lists itself, or
/// two that list each other, end there), and every problem is a warning naming the document.
struct IIIFWalk {
    let fetcher: Fetcher
    let cache: DocumentCache
    let progress: @Sendable (String) -> Void
    private(set) var warnings: [String] = []
    /// The top collection's label, the exposition's title.
    private(set) var title = LanguageMap()
    /// Whether any document could be read at all.
    private(set) var readAnything = false
    private var seen: Set<String> = []
    private var manifests: [IIIFManifest] = []
    private var fetchedCount = 0

    init(fetcher: Fetcher, cache: DocumentCache, progress: @escaping @Sendable (String) -> Void) {
        self.fetcher = fetcher
        self.cache = cache
        self.progress = progress
    }

    /// `source` is an http(s) address, a file, or a folder of `.json` files.
    mutating func manifests(from source: String) async -> [IIIFManifest] {
        if source.hasPrefix("http://") || source.hasPrefix("https://") {
            await follow(source, depth: 0)
            return manifests
        }
        let url = URL(fileURLWithPath: source)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            warnings.append("\(source): no such file or folder, and not an http(s) address")
            return []
        }
        let files: [URL]
        if isFolder.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            files = names.filter { $0.lowercased().hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }
            if files.isEmpty { warnings.append("\(source): the folder holds no .json file") }
        } else {
            files = [url]
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                warnings.append("\(file.path): cannot be read")
                continue
            }
            await read(data, from: file.path, depth: 0)
        }
        return manifests
    }

    /// Collections nest at most this deep: past it a document is named and skipped.
    static let deepest = 32

    private mutating func follow(_ address: String, depth: Int) async {
        guard seen.insert(address).inserted else { return }
        guard depth <= Self.deepest else {
            warnings.append("\(Quoted.text(address)): collections nest deeper than \(Self.deepest); not read")
            return
        }
        let data: Data
        if let kept = cache.read(address) {
            data = kept
        } else {
            do {
                data = try await fetcher.fetch(address, bytes: fetcher.limits.documentBytes)
            } catch {
                warnings.append(error.message)
                return
            }
            cache.keep(data, for: address)
            fetchedCount += 1
        }
        await read(data, from: address, depth: depth)
    }

    private mutating func read(_ data: Data, from origin: String, depth: Int) async {
        let resource: IIIFResource
        do {
            resource = try IIIFParser.parse(data)
        } catch {
            warnings.append("\(Quoted.text(origin)): \(error.message)")
            return
        }
        readAnything = true
        switch resource {
        case let .manifest(manifest):
            take(manifest, from: origin)
        case let .collection(collection):
            if depth == 0, title.isEmpty { title = collection.label }
            // A document fetched by its address is seen under it, and under the id it gives itself.
            if !collection.id.isEmpty { seen.insert(collection.id) }
            progress("collection \(collection.label.anyText.map(Quoted.text) ?? Quoted.text(origin)): \(collection.members.count) members")
            for member in collection.members {
                if let embedded = member.embedded {
                    if seen.insert(embedded.id).inserted || embedded.id.isEmpty { take(embedded, from: origin) }
                } else if member.id.isEmpty {
                    warnings.append("\(Quoted.text(origin)): a member without an address; skipped")
                } else {
                    await follow(member.id, depth: depth + 1)
                }
            }
        }
    }

    private mutating func take(_ manifest: IIIFManifest, from origin: String) {
        var manifest = manifest
        if manifest.id.isEmpty { manifest.id = origin }
        guard !manifests.contains(where: { $0.id == manifest.id }) else { return }
        manifests.append(manifest)
        progress("manifest \(manifests.count): \(manifest.label.anyText.map(Quoted.text) ?? Quoted.text(manifest.id))")
    }
}
