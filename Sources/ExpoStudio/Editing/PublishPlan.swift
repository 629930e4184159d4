import ExpoCatalog
import Foundation

/// Drafts turned into the entries' new bytes, each text checked against the file as it is
/// now: a text changed on disk since it was drafted is a conflict, never written over.
struct PublishPlan {
    struct Conflict {
        let field: DraftField
        /// What the file holds now.
        let current: String
    }

    private(set) var changes: [EntryChange] = []
    /// Transcript files with their new texts.
    private(set) var transcripts: [TranscriptChange] = []
    /// Photos sent to the studio, to be copied into the catalog's folder.
    private(set) var files: [FileChange] = []
    /// Files a revert takes away from the catalog's folder.
    private(set) var removals: [String] = []
    /// A revert puts files back exactly: writing one takes no other away.
    private(set) var restoring = false
    /// The exhibit and language each file written or taken away is recorded under.
    private(set) var fileOwners: [String: (exhibit: String, language: String)] = [:]
    private(set) var published: [PublishedChange] = []
    private(set) var conflicts: [Conflict] = []
    /// Exhibits whose entries cannot be read now (gone from the catalog, or a reload under way).
    private(set) var unreadable: [String] = []
    /// The revision of each draft the plan publishes.
    private(set) var revisions: [String: Int64] = [:]

    init(load: WatchedLoad, drafts: [Draft], fields: [DraftField], uploads: UploadStore) {
        let byExhibit = Dictionary(grouping: fields, by: \.exhibit)
        for draft in drafts {
            revisions[draft.exhibit] = draft.revision
            for (code, texts) in Dictionary(grouping: byExhibit[draft.exhibit] ?? [], by: \.language).sorted(by: { $0.key < $1.key }) {
                guard let language = load.catalog.languages.first(where: { $0.code == code }),
                      let entry = load.entry(exhibit: draft.exhibit, language: language) else {
                    unreadable.append(draft.exhibit)
                    continue
                }
                var bytes = entry.bytes
                for text in texts {
                    if text.field.hasPrefix(GuideEditing.fileFieldPrefix) {
                        let name = String(text.field.dropFirst(GuideEditing.fileFieldPrefix.count))
                        guard FileChange.isWritableName(name), let source = uploads.url(of: text.value) else {
                            unreadable.append(draft.exhibit)
                            continue
                        }
                        files.append(FileChange(name: name, source: source))
                        fileOwners[name] = (draft.exhibit, code)
                        published.append(PublishedChange(publication: 0, exhibit: draft.exhibit, language: code, field: text.field,
                                                         old: text.base, new: text.value))
                        continue
                    }
                    if text.field == EntryField.transcriptText.name {
                        guard let file = load.transcriptFile(exhibit: draft.exhibit, language: language) else {
                            unreadable.append(draft.exhibit)
                            continue
                        }
                        if file.text != text.base { conflicts.append(Conflict(field: text, current: file.text)) }
                        transcripts.append(TranscriptChange(exhibit: draft.exhibit, language: language, file: file.file, text: text.value, version: file.version))
                        published.append(PublishedChange(publication: 0, exhibit: draft.exhibit, language: code, field: text.field,
                                                         old: file.text, new: text.value))
                        continue
                    }
                    guard let field = EntryField(name: text.field), let changed = field.setting(text.value, in: bytes) else {
                        unreadable.append(draft.exhibit)
                        continue
                    }
                    let current = entry.text(field)
                    if current != text.base { conflicts.append(Conflict(field: text, current: current)) }
                    bytes = changed
                    published.append(PublishedChange(publication: 0, exhibit: draft.exhibit, language: code, field: text.field,
                                                     old: current, new: text.value))
                }
                if bytes != entry.bytes {
                    changes.append(EntryChange(exhibit: draft.exhibit, language: language, bytes: bytes, version: entry.version))
                }
            }
        }
    }

    /// Texts and files set back to what they were before publication `from`: for each that
    /// publication or a later one changed, the value (or the file's bytes, kept by hash)
    /// before the first of them.
    init(revertTo from: Int64, load: WatchedLoad, exhibit: String, history: [(publication: Publication, changes: [PublishedChange])],
         uploads: UploadStore) {
        restoring = true
        var before: [String: PublishedChange] = [:]
        for (publication, changes) in history.sorted(by: { ($0.publication.id ?? 0) > ($1.publication.id ?? 0) })
        where (publication.id ?? 0) >= from {
            // Latest first, so the earliest publication's "old" is the one kept.
            for change in changes { before["\(change.language) \(change.field)"] = change }
        }
        for (code, olds) in Dictionary(grouping: before.values, by: \.language).sorted(by: { $0.key < $1.key }) {
            guard let language = load.catalog.languages.first(where: { $0.code == code }),
                  let entry = load.entry(exhibit: exhibit, language: language) else {
                unreadable.append(exhibit)
                continue
            }
            var bytes = entry.bytes
            for old in olds.sorted(by: { $0.field < $1.field }) {
                if old.field.hasPrefix(GuideEditing.fileFieldPrefix) {
                    let name = String(old.field.dropFirst(GuideEditing.fileFieldPrefix.count))
                    let current = load.plainFile(name).flatMap(UploadStore.hash(ofFileAt:)) ?? ""
                    guard current != old.old else { continue }
                    if old.old.isEmpty {
                        removals.append(name)
                    } else if let source = uploads.url(of: old.old), FileManager.default.fileExists(atPath: source.path) {
                        files.append(FileChange(name: name, source: source))
                    } else {
                        unreadable.append(exhibit)
                        continue
                    }
                    fileOwners[name] = (exhibit, code)
                    published.append(PublishedChange(publication: 0, exhibit: exhibit, language: code, field: old.field, old: current, new: old.old))
                    continue
                }
                if old.field == EntryField.transcriptText.name {
                    guard let file = load.transcriptFile(exhibit: exhibit, language: language), file.text != old.old else { continue }
                    transcripts.append(TranscriptChange(exhibit: exhibit, language: language, file: file.file, text: old.old, version: file.version))
                    published.append(PublishedChange(publication: 0, exhibit: exhibit, language: code, field: old.field, old: file.text, new: old.old))
                    continue
                }
                guard let field = EntryField(name: old.field), let changed = field.setting(old.old, in: bytes) else { continue }
                let current = entry.text(field)
                guard current != old.old else { continue }
                bytes = changed
                published.append(PublishedChange(publication: 0, exhibit: exhibit, language: code, field: old.field, old: current, new: old.old))
            }
            if bytes != entry.bytes {
                changes.append(EntryChange(exhibit: exhibit, language: language, bytes: bytes, version: entry.version))
            }
        }
    }
}
