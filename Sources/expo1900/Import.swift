import ArgumentParser
import ExpoImport
import Foundation

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make a catalog folder from another system's collection.",
        subcommands: [IIIF.self])

    struct IIIF: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "iiif",
            abstract: "Make a catalog folder from a IIIF Presentation 2 or 3 collection or manifest.",
            discussion: """
                SOURCE is a file, a folder of .json files, or an http(s) address. Nested collections are \
                followed; each manifest becomes an exhibit, with its label, summary, metadata, required \
                statement, rights and images, in every language its labels have. Images are fetched at \
                their largest size into DEST and go through the guide's photo work like any original; \
                a canvas that paints sound or video gives the exhibit its recording or video, with the \
                WebVTT captions that supplement it in their languages. \
                What was fetched is kept in DEST/.iiif-import, so an import stopped part way and run \
                again takes up where it stopped. Addresses on this machine or a private network are \
                refused unless --allow-private is given. Exit status: 0 when written (warnings are \
                printed), 1 when nothing could be read or DEST cannot be written.
                """)

        @Argument(help: "The collection or manifest: a file, a folder, or an http(s) address.")
        var source: String

        @Argument(help: "The catalog folder to write: new, empty, or an earlier import's.")
        var destination: String

        @Flag(help: "Fetch from this machine and private networks too (a museum's own intranet, a test).")
        var allowPrivate = false

        @Option(name: .customLong("language"),
                help: ArgumentHelp("The catalog's main language, such as ko (default: the language most labels use).", valueName: "code"))
        var mainLanguage: String?

        @Option(help: "Seconds each document or image may take to arrive whole (a recording or video: ten times as long).")
        var timeout: Int64 = 60

        func run() async throws {
            var options = IIIFImport.Options()
            options.allowPrivate = allowPrivate
            options.seconds = max(1, timeout)
            options.mainLanguage = mainLanguage
            let started = ContinuousClock.now
            let summary: IIIFImport.Summary
            do {
                summary = try await IIIFImport(options: options) { line in printError("import: \(line)") }
                    .run(source: source, destination: URL(fileURLWithPath: destination))
            } catch {
                printError("expo1900: \(error)")
                throw ExitCode(1)
            }
            for warning in summary.warnings { printError("warning: \(warning)") }
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            func count(_ number: Int, _ word: String) -> String { "\(number.formatted()) \(word)\(number == 1 ? "" : "s")" }
            let media = (summary.recordings > 0 ? ", " + count(summary.recordings, "recording") : "")
                + (summary.videos > 0 ? ", " + count(summary.videos, "video") : "")
            print("""
                \(destination): \(count(summary.exhibits, "exhibit")) in \(summary.languages.isEmpty ? "no named language" : summary.languages.joined(separator: ", ")), \
                \(count(summary.images, "image"))\(media) (\(summary.fetched.formatted()) fetched now), \(count(summary.warnings.count, "warning")), \
                in \(String(format: "%.1f", seconds)) s
                """)
        }
    }
}
