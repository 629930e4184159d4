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
    static func svg(from pdf: URL, tool: URL, timeout: TimeInterval = 20) -> Result<Data, Failure> {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = tool
        process.arguments = ["-svg", "-f", "1", "-l", "1", pdf.path, output.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(Failure(reason: "\(tool.path) could not be started"))
        }
        // A hostile PDF must not hang the start-up.
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return .failure(Failure(reason: "pdftocairo took longer than \(Int(timeout)) s"))
        }
        guard process.terminationStatus == 0, let data = FileManager.default.contents(atPath: output.path), !data.isEmpty else {
            return .failure(Failure(reason: "pdftocairo could not read it (exit status \(process.terminationStatus))"))
        }
        return .success(data)
    }
}
