import Foundation

/// The files of a catalog folder that a converted copy gets as they are (images, interface
/// texts, a curator's notes): regular files only, each real folder once. A FIFO would block
/// the copy for ever and a link may lead anywhere, so what is not a regular file inside the
/// folder is left out with a note.
struct OtherFiles {
    /// Each file to copy: where it really is, and its path in the copy.
    private(set) var files: [(source: URL, path: String)] = []
    private(set) var skipped: [Diagnostic] = []
    private let boundary: CatalogBoundary
    private var visited: Set<[UInt64]> = []

    /// The entries of `folder`, at any depth, but for hidden ones and those in `besides`.
    init(in folder: URL, besides: Set<String>) {
        boundary = CatalogBoundary(folder)
        add(folder, prefix: "", besides: besides)
    }

    private mutating func add(_ folder: URL, prefix: String, besides: Set<String>) {
        var info = stat()
        guard stat(folder.path, &info) == 0, visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") && !besides.contains(name) {
            let url = folder.appendingPathComponent(name)
            let path = prefix + name
            switch boundary.resolve(url) {
            case let .success(real):
                var info = stat()
                guard stat(real, &info) == 0 else { continue }
                switch CatalogBoundary.problem(info) {
                case nil: files.append((URL(fileURLWithPath: real), path))
                case .folder?: add(url, prefix: path + "/", besides: [])
                case let refusal?: skipped.append(Diagnostic(.note, file: path, refusal.message("not copied")))
                }
            case let .failure(refusal):
                skipped.append(Diagnostic(.note, file: path, refusal.message("not copied")))
            }
        }
    }
}
