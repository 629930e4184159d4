import Foundation

/// Runs the built `expo1900` program, as a user would from a shell.
struct CommandRunner {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The program sits beside the test bundle in the build folder.
    static var program: URL {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        // On Linux the test binary is `…/debug/Expo1900PackageTests.xctest`; on macOS it is
        // inside `…/debug/Expo1900PackageTests.xctest/Contents/MacOS/`.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("expo1900").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("expo1900")
    }

    static func run(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }
}
