import ArgumentParser
import ExpoCatalog
import Foundation

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a catalog folder's data as spreadsheets (CSV) or as JSON files, into a new folder.",
        discussion: """
            The new folder gets every other file (images, interface texts) as it is. It is loaded \
            before it is kept: a conversion that would change anything the guide shows is refused. \
            Exit status: 0 when written, 1 when the catalog has errors or the conversion fails, \
            2 when CATALOG is not a catalog folder.
            """)

    @Argument(help: "The catalog folder to convert.")
    var catalog: String

    @Option(help: "The format to write: csv (items.csv, exposition.csv, tours.csv) or json (items.json, items.en.json, tours.json …).")
    var to: CatalogConversion.Format

    @Option(help: "The folder to write; it must not exist yet.")
    var output: String

    func run() throws {
        let source = CatalogSource(path: catalog)
        let original = try source.loadReportingProblems(warnings: false)
        let destination = URL(fileURLWithPath: output)
        if let target = FileProblem.danglingTarget(destination.path) {
            printError("expo1900: \(FileProblem(file: output, kind: .danglingLink(target: target)))")
            throw ExitCode(1)
        }
        if FileManager.default.fileExists(atPath: destination.path) {
            printError("expo1900: \(output): already exists; give a new folder")
            throw ExitCode(1)
        }
        let converted: CatalogConversion.Output
        do {
            converted = try CatalogConversion.convert(folder: source.folder() ?? URL(fileURLWithPath: catalog), to: to)
        } catch {
            printError("expo1900: \(FileProblem.describe(error, file: catalog))")
            throw ExitCode(2)
        }
        let partial = stagingFolder(beside: destination)
        do {
            try write(converted, to: partial, shownAs: output)
            let reloaded = try CatalogSource(path: partial.path).load().get()
            if let difference = Self.difference(original, reloaded) {
                throw ConversionError.changed(difference)
            }
            do {
                try FileManager.default.moveItem(at: partial, to: destination)
            } catch {
                throw ConversionError.file(FileProblem(error, file: output))
            }
        } catch {
            try? FileManager.default.removeItem(at: partial)
            printError("expo1900: cannot convert \(catalog): \(FileProblem.describe(error, file: output))")
            throw ExitCode(1)
        }
        let written = converted.files.keys.sorted().joined(separator: ", ")
        print("wrote \(output) with \(written): \(original.exhibitCount) exhibits in \(original.languages.map(\.code).joined(separator: ", ")), loaded back unchanged")
    }

    /// The new data files and a copy of every other regular file; what is not one (a FIFO,
    /// a link leading out of the folder) is left out with a note, never opened.
    /// A file that cannot be written is named as the person will know it, `shown`/…, not
    /// by the staging folder's name.
    private func write(_ converted: CatalogConversion.Output, to folder: URL, shownAs shown: String) throws {
        let files = FileManager.default
        func named(_ path: String, _ step: () throws -> Void) throws {
            do { try step() } catch {
                throw ConversionError.file(FileProblem(error, file: path.isEmpty ? shown : (shown as NSString).appendingPathComponent(path)))
            }
        }
        try named("") { try files.createDirectory(at: folder, withIntermediateDirectories: true) }
        for note in converted.skipped { printError(note.line) }
        for (source, path) in converted.copied {
            let target = folder.appendingPathComponent(path)
            try named(path) {
                try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try files.copyItem(at: source, to: target)
            }
        }
        for (name, bytes) in converted.files {
            try named(name) { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        }
    }

    /// What the guide would show differently, in a few words; nil when nothing.
    static func difference(_ before: Catalog, _ after: Catalog) -> String? {
        guard before.languages == after.languages else {
            return "the languages changed from \(before.languages.map(\.code)) to \(after.languages.map(\.code))"
        }
        for (old, new) in zip(before.editions, after.editions) where old != new {
            if old.exposition != new.exposition { return "the \(old.language.englishName) exposition changed" }
            if old.tours != new.tours { return "the \(old.language.englishName) tours changed" }
            let changed = zip(old.exhibits, new.exhibits).first { $0 != $1 }?.0.id ?? "the exhibit list"
            return "the \(old.language.englishName) text of \(changed) changed"
        }
        return nil
    }

    enum ConversionError: Error, CustomStringConvertible {
        case changed(String)
        case file(FileProblem)
        var description: String {
            switch self {
            case let .changed(what): "\(what) on the way; nothing was written (please report this)"
            case let .file(problem): problem.description
            }
        }
    }
}

extension CatalogConversion.Format: ExpressibleByArgument {}
