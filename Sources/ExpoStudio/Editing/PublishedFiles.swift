import ExpoCatalog
import Foundation

/// What a publish does to the files of the catalog's folder, as changes the history keeps:
/// `file:NAME`, from the hash of the bytes it had ("" for no file) to the hash it gets. The
/// bytes a publish replaces or takes away are kept in the state folder's store first, by
/// that hash, so a revert can put the folder back as it was, files included.
enum PublishedFiles {
    struct Failure: Error {
        let message: String
    }

    static func changes(_ plan: PublishPlan, load: WatchedLoad, uploads: UploadStore) -> Result<[PublishedChange], Failure> {
        var changes: [PublishedChange] = []
        var failure: String?
        func record(_ name: String, new: String, owner: (exhibit: String, language: String)) {
            var old = ""
            if let current = load.plainFile(name) {
                switch uploads.keep(fileAt: current) {
                case let .success(hash): old = hash
                case let .failure(refusal):
                    let reason = if case let .unwritable(why) = refusal { why } else { "it could not be read" }
                    failure = "\(name) could not be kept for a revert (\(reason)); nothing was published"
                    return
                }
            }
            guard old != new else { return }
            changes.append(PublishedChange(publication: 0, exhibit: owner.exhibit, language: owner.language,
                                           field: GuideEditing.fileFieldPrefix + name, old: old, new: new))
        }
        let written = Set(plan.files.map(\.name))
        for file in plan.files {
            guard let owner = plan.fileOwners[file.name] else { continue }
            record(file.name, new: file.source.lastPathComponent, owner: owner)
            guard !plan.restoring else { continue }
            // The other files of a picture it replaces go (`jikji.svg` when `jikji.png` arrives).
            for other in load.otherFiles(ofImage: file.name) where !written.contains(other) {
                record(other, new: "", owner: owner)
            }
        }
        for name in plan.removals {
            guard let owner = plan.fileOwners[name] else { continue }
            record(name, new: "", owner: owner)
        }
        if let failure { return .failure(Failure(message: failure)) }
        return .success(changes)
    }
}
