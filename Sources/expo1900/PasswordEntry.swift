import ExpoStudio
import Foundation

/// How a command is given a new password: typed at the terminal, unseen and twice, or as
/// the first line of standard input when that is not a terminal, so scripts and tests can
/// pipe it. Never an argument or an environment variable: those show in `ps`, in shell
/// history and in /proc to other users.
enum PasswordEntry {
    /// More than any password bcrypt can use (72 bytes), so the message can say how long it
    /// was; reading stops here, so 2 MB piped in is not read into memory.
    static let maximumLineBytes = 1024

    static func readNew(for name: String) throws(StudioError) -> Password {
        guard let terminal = SilentTerminal() else {
            let line = try readLine(emptyInput: "no password on standard input; give it as the first line (or run the command in a terminal)")
            return try Password(line)
        }
        let first: String
        let second: String
        do {
            FileHandle.standardError.write(Data("New password for \(name): ".utf8))
            first = try readLine(emptyInput: "no password typed")
            // Checked before it is typed again, so a too-short one is said at once.
            _ = try Password(first)
            FileHandle.standardError.write(Data("The same password again: ".utf8))
            second = try readLine(emptyInput: "no password typed")
        }
        withExtendedLifetime(terminal) {}
        guard first == second else { throw .invalidPassword("the two passwords differ; nothing was changed, try again") }
        return try Password(first)
    }

    /// One line from standard input, without its line end, at most `maximumLineBytes`.
    private static func readLine(emptyInput: String) throws(StudioError) -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        var ended = false
        while bytes.count <= maximumLineBytes {
            let result = read(STDIN_FILENO, &byte, 1)
            if result < 0 && errno == EINTR { continue }
            if result <= 0 { break }
            if byte == UInt8(ascii: "\n") { ended = true; break }
            bytes.append(byte)
        }
        if bytes.count > maximumLineBytes {
            throw .invalidPassword("the password's line is longer than \(maximumLineBytes) bytes; a password has at most \(ExpoStudio.Password.maximumBytes)")
        }
        if bytes.isEmpty && !ended { throw .invalidPassword(emptyInput) }
        // A line written on Windows ends in CR LF.
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard let line = String(validating: bytes, as: UTF8.self) else {
            throw .invalidPassword("the password is not UTF-8 text")
        }
        return line
    }
}
