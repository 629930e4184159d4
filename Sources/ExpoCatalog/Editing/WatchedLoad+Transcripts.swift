import Foundation

/// A transcript kept in a file of its own (`jikji-en.vtt`, `jikji.txt`), as the studio
/// edits it: the whole text, beside the exhibit's other texts, written back whole.
public struct TranscriptFile: Sendable {
    public let file: String
    /// With LF line ends, as a form sends them back; the file keeps its own when written.
    public let text: String
    /// Changes whenever the file's bytes do.
    public let version: String
}

/// A transcript file's new text, and the version of the file it was made from.
public struct TranscriptChange: Sendable {
    public let exhibit: String
    public let language: Language
    public let file: String
    public let text: String
    public let version: String

    public init(exhibit: String, language: Language, file: String, text: String, version: String) {
        self.exhibit = exhibit
        self.language = language
        self.file = file
        self.text = text
        self.version = version
    }
}

extension WatchedLoad {
    /// The transcript file the exhibit's entry names in `language`, as it is now; nil when
    /// it names none, the catalog is an app's project (whose transcripts are not read), or
    /// the file cannot be read as UTF-8 text.
    public func transcriptFile(exhibit id: String, language: Language) -> TranscriptFile? {
        guard locations.isEmpty, let position = primaryIndex[id],
              let edition = ([catalog.primary] + catalog.translations).first(where: { $0.language == language }),
              let file = edition.exhibits[position].transcript?.file,
              let bytes = try? CatalogBoundary(folder).read(folder.appendingPathComponent(file), limit: .transcript).get(),
              let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return TranscriptFile(file: file, text: text.replacingOccurrences(of: "\r\n", with: "\n"), version: Self.version(of: bytes))
    }

    /// Sets the changed transcripts into `catalog`, read as a load reads them: a WebVTT
    /// file's cues (and the player's captions), a plain file's text.
    func apply(_ changes: [TranscriptChange], to catalog: inout Catalog, problems: inout [EntryProblem]) {
        for change in changes {
            guard let position = primaryIndex[change.exhibit] else { continue }
            var transcript: Transcript? = Transcript(text: change.text, file: change.file)
            if Transcript.isWebVTTName(change.file) {
                switch WebVTT.parse(change.text) {
                case let .success(reading):
                    transcript = Transcript(text: reading.cues.map(\.text).joined(separator: "\n"), file: change.file, cues: reading.cues)
                    catalog.webVTTFiles[change.file] = change.text
                    for skipped in reading.skipped {
                        problems.append(EntryProblem(exhibit: change.exhibit, language: change.language, field: .transcriptText,
                                                     diagnostic: Diagnostic(.warning, file: change.file, place: ":\(skipped.line)", skipped.message)))
                    }
                case let .failure(problem):
                    transcript = nil
                    problems.append(EntryProblem(exhibit: change.exhibit, language: change.language, field: .transcriptText,
                        diagnostic: Diagnostic(.warning, file: change.file, place: ":\(problem.line)", problem.message + "; the transcript is left out")))
                }
            }
            if change.language == catalog.primary.language {
                catalog.primary.exhibits[position].transcript = transcript
            } else if let index = catalog.translations.firstIndex(where: { $0.language == change.language }) {
                catalog.translations[index].exhibits[position].transcript = transcript
            }
        }
    }

    /// The transcript files with their new texts, each checked against the file as loaded.
    func transcriptPieces(_ change: TranscriptChange) -> Result<(name: String, source: OpenedFile, pieces: [AtomicFile.Piece]), EntryWriteError> {
        let url = folder.appendingPathComponent(change.file)
        var info = stat()
        // The name is the one the catalog gives, found by a load; a path is still never written.
        guard !change.file.contains("/"), !change.file.hasPrefix("."), lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .failure(.unusable(file: change.file, reason: "is not a plain file in the catalog's folder (the studio does not write through links)"))
        }
        guard let source = OpenedFile(url.path), source.stamp == stamps[change.file], let bytes = source.read(0..<Int(source.stamp.size)),
              Self.version(of: bytes) == change.version else {
            return .failure(.changedOnDisk(file: change.file, exhibit: change.exhibit))
        }
        // A file written with CRLF line ends keeps them.
        let crlf = bytes.indices.dropLast().contains { bytes[$0] == 0x0D && bytes[$0 + 1] == 0x0A }
        let text = crlf ? change.text.replacingOccurrences(of: "\n", with: "\r\n") : change.text
        return .success((change.file, source, [.bytes(Array(text.utf8))]))
    }
}
