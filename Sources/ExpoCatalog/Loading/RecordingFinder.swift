import Foundation

/// Finds the files the items' `audio` and `transcript` (and their other versions') name, once the whole catalog is
/// decoded: recordings beside the images (only located: the audio work reads them), and
/// transcript files read and, for WebVTT, parsed. A file that is missing or unusable is a
/// warning naming the item's place, and that exhibit goes without it; the rest serves.
/// A catalog that names no recording and no transcript file costs one look at each exhibit.
struct RecordingFinder {
    let store: any CatalogStore
    let primary: Language
    private(set) var recordings: [String: CatalogRecording] = [:]
    private(set) var webVTTFiles: [String: String] = [:]
    /// The videos the exhibits name, found beside the images.
    var videos: [String: CatalogVideo] = [:]
    private(set) var diagnostics: [Diagnostic] = []
    /// What stands between the catalog and publishing it: a recording without a transcript.
    private(set) var publishingNotes: [Diagnostic] = []
    /// Each transcript file as read, or nil when it could not be used (already reported).
    private var transcripts: [String: Transcript?] = [:]

    init(store: any CatalogStore, primary: Language) {
        self.store = store
        self.primary = primary
    }

    /// The edition with each exhibit's recording and transcript found, or left out.
    mutating func resolve(_ edition: Edition) -> Edition {
        let dataFile = DataFile.items.fileName(edition.language == primary ? nil : edition.language)
        var indexes: [String: Int]?
        // Written back after the loop: a write inside it had the whole list copied before the
        // first exhibit was looked at (the optimiser makes the list unique once, ahead of the
        // loop), 45 MB at 400,000 exhibits of which none names a file.
        var resolvedAt: [(position: Int, exhibit: Exhibit)] = []
        for position in edition.exhibits.indices {
            // A packed record names no file: asked without decoding 69,202 exhibits of a
            // collection without a single recording.
            guard !edition.exhibits.isPlain(at: position), edition.exhibits[position].namesFiles else { continue }
            let exhibit = edition.exhibits[position]
            // (key, message, whether it is a publishing note)
            var found: [(key: String, message: String, note: Bool)] = []
            var resolved = exhibit
            if let name = exhibit.audio {
                let (kept, problem) = recording(name, for: "\(exhibit.id) (\(edition.language.code))")
                resolved.audio = kept
                if let problem { found.append(("audio", problem, store.mediaFile(named: name) == nil)) }
            }
            if let file = exhibit.transcript?.file {
                let (kept, problem) = transcript(file)
                resolved.transcript = kept
                if let problem { found.append(("transcript", problem, store.mediaFile(named: file) == nil)) }
            }
            resolveVersions(of: &resolved, language: edition.language, found: &found)
            // An app's project keeps no loose files: its recordings are a matter for publishing,
            // not a warning at every start (an app's data copied from a catalog names them).
            if let name = resolved.audio, resolved.transcript == nil {
                found.append(("transcript", "the recording \(name) has no transcript; deaf and hard-of-hearing visitors need one "
                    + "(the text itself, or a .vtt or .txt file beside the recording)", true))
            }
            resolvedAt.append((position, resolved))
            guard !found.isEmpty else { continue }
            if indexes == nil { indexes = store.entryIndexes(ofDataFile: dataFile) }
            let index = indexes?[exhibit.id] ?? position
            for (key, message, note) in found {
                let diagnostic = store.located([Diagnostic(.warning, file: store.displayPath(ofDataFile: dataFile),
                                                           place: "[\(index)].\(key)", message)], inDataFile: dataFile)
                if note { publishingNotes += diagnostic } else { diagnostics += diagnostic }
            }
        }
        guard !resolvedAt.isEmpty else { return edition }
        var changed = edition
        for (position, exhibit) in resolvedAt { changed.exhibits[position] = exhibit }
        return changed
    }

    /// The recording's name when its file is there, else nil with a warning.
    mutating func recording(_ name: String, for user: String) -> (String?, problem: String?) {
        if recordings[name] != nil {
            recordings[name]?.usedBy.append(user)
            return (name, nil)
        }
        switch store.mediaFile(named: name) {
        case nil:
            return (nil, "recordings are read from a catalog folder, not from an app's project; the exhibit has no recording")
        case let .failure(refusal)?:
            return (nil, "\(name) " + (refusal == .missing ? "is not in the catalog's folder" : refusal.message("not read"))
                + "; the exhibit has no recording")
        case let .success(url)?:
            recordings[name] = CatalogRecording(file: name, url: url, usedBy: [user])
            return (name, nil)
        }
    }

    /// The transcript file read (and parsed, for WebVTT), else nil with a warning.
    /// A problem with the file itself (not UTF-8, not WebVTT) is reported once, on the file.
    mutating func transcript(_ file: String) -> (Transcript?, problem: String?) {
        if let known = transcripts[file] { return (known, nil) }
        var result: Transcript?
        var problem: String?
        switch store.readMediaFile(named: file) {
        case nil:
            problem = "transcript files are read from a catalog folder, not from an app's project; left out"
        case let .failure(refusal)?:
            problem = "\(file) " + (refusal == .missing ? "is not in the catalog's folder" : refusal.message("not read")) + "; left out"
        case let .success(bytes)?:
            if let text = String(validating: bytes, as: UTF8.self) {
                result = transcript(file, text: text)
            } else {
                diagnostics.append(Diagnostic(.warning, file: file, "is not UTF-8 text; the transcript is left out"))
            }
        }
        transcripts[file] = .some(result)
        return (result, problem)
    }

    /// A transcript's text as its pages (and, for WebVTT, the player's captions) show it:
    /// without the control characters no page can show, as in items.json.
    private mutating func transcript(_ file: String, text read: String) -> Transcript? {
        var text = read
        if let (kept, found) = ControlCharacters.removingForbidden(read) {
            let lines = Self.linesHolding(found, in: read)
            let more = lines.count > 1 ? " (here and on \(lines.count - 1) more line\(lines.count == 2 ? "" : "s"))" : ""
            diagnostics.append(Diagnostic(.warning, file: file, place: ":\(lines[0])",
                                          "holds \(ControlCharacters.named("control character", found)), which no page can show\(more); removed"))
            text = kept
        }
        guard Transcript.isWebVTTName(file) else { return Transcript(text: text, file: file) }
        switch WebVTT.parse(text) {
        case let .success(reading):
            for problem in reading.skipped {
                diagnostics.append(Diagnostic(.warning, file: file, place: ":\(problem.line)", problem.message))
            }
            webVTTFiles[file] = text
            return Transcript(text: reading.cues.map(\.text).joined(separator: "\n"), file: file, cues: reading.cues)
        case let .failure(problem):
            diagnostics.append(Diagnostic(.warning, file: file, place: ":\(problem.line)", problem.message + "; the transcript is left out"))
            return nil
        }
    }

    /// The lines (counted from 1, as WebVTT's problems are) on which `text` holds any of
    /// `scalars`; a line break is LF, CR or both.
    private static func linesHolding(_ scalars: [Unicode.Scalar], in text: String) -> [Int] {
        var lines: [Int] = []
        var line = 1
        for character in text {
            if character == "\n" || character == "\r" || character == "\r\n" {
                line += 1
            } else if character.unicodeScalars.contains(where: scalars.contains), lines.last != line {
                lines.append(line)
            }
        }
        return lines
    }
}
