import Foundation

/// Turns the PDF vector images of asset catalogs (browsers cannot show PDF in `<img>`)
/// into SVG with poppler's `pdftocairo`, once, when the catalog loads.
public enum PDFConverter {
    /// `pdftocairo` on the PATH, if it is installed.
    public static func locate() -> URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for folder in paths + ["/usr/bin"] {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("pdftocairo")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Why a conversion failed, in words for the warning.
    struct Failure: Error {
        var reason: String
    }

    /// The first page of the PDF as SVG, or the reason it could not be converted.
    /// The first page of the PDF at `pdf` as SVG (as a plan found in the folder is made),
    /// or why not: no converter installed, or the PDF could not be read.
    public static func firstPage(of pdf: URL) -> (svg: Data?, problem: String?) {
        guard let tool = locate() else { return (nil, "pdftocairo is not installed (apt-get install poppler-utils)") }
        switch svg(from: pdf, tool: tool) {
        case let .success(data): return (data, nil)
        case let .failure(failure): return (nil, failure.reason)
        }
    }

    static func svg(from pdf: URL, tool: URL, timeout: Duration = .seconds(20)) -> Result<Data, Failure> {
        ChildProcesses.shared.inTemporaryFolder(named: "expo1900-pdf",
                                                cannotMake: { _ in .failure(Failure(reason: "a temporary folder could not be made")) }) { folder in
            convert(pdf, tool: tool, timeout: timeout, into: folder)
        }
    }

    private static func convert(_ pdf: URL, tool: URL, timeout: Duration, into folder: URL) -> Result<Data, Failure> {
        let output = folder.appendingPathComponent("page.svg")
        // A hostile PDF must not hang the start-up.
        let run = ProgramRun.run(tool, ["-svg", "-f", "1", "-l", "1", pdf.path, output.path], timeout: timeout)
        if run.timedOut { return .failure(Failure(reason: "pdftocairo took longer than \(timeout.components.seconds) s")) }
        guard run.status == 0, let data = FileManager.default.contents(atPath: output.path), !data.isEmpty else {
            return .failure(Failure(reason: run.status == -1 ? run.firstError : "pdftocairo could not read it (exit status \(run.status))"))
        }
        return .success(data)
    }
}
