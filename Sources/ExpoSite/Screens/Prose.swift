import Foundation
import Ink

/// A catalog's long text (an exhibit's description, an image's visual description) as
/// HTML. Each line is a paragraph, as the seed apps show it, and a small Markdown subset
/// works: emphasis, links and lists, rendered by Ink. Raw HTML never reaches the page:
/// `&`, `<`, `>` and quotes are escaped before Ink reads the text, so a tag in a catalog
/// shows as the characters it is, in code (`` `<b>` ``) too. With `readAloud`, every paragraph and list item is
/// marked `data-read` for read-aloud.
enum Prose {
    static func html(_ text: String, readAloud: Bool = true) -> HTML {
        let lines = Paragraphs.split(text)
        guard needsMarkdown(text, lines) else { return HTML(paragraphs(lines, open: readAloud ? "<p data-read>" : "<p>")) }
        let markdown = blocks(lines).map { block in
            // A number that is not a list item here ("1900. 4. 14.") must not become one in Ink.
            let lines = isListItem(block[0]) ? block : block.map(escapingNumber)
            return lines.map(HTMLEscaping.escape).joined(separator: "\n")
        }.joined(separator: "\n\n")
        var html = parser.html(from: markdown)
        if readAloud {
            for (plain, marked) in [("<p>", "<p data-read>"), ("<li>", "<li data-read>")] {
                html = html.replacingOccurrences(of: plain, with: marked)
            }
        }
        return HTML(html)
    }

    /// The text's paragraphs without markup, for descriptions in metadata.
    static func plainParagraphs(_ text: String) -> [String] {
        let lines = Paragraphs.split(text)
        guard needsMarkdown(text, lines) else { return lines }
        return html(text).markup
            .components(separatedBy: "</p>").map(stripTags).filter { !$0.isEmpty }
    }

    /// Text without Markdown, the common case: each line a paragraph, written straight
    /// into one buffer.
    private static func paragraphs(_ lines: [String], open: StaticString) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 20 })
        for (index, line) in lines.enumerated() {
            if index > 0 { output.append(0x0A) }
            open.withUTF8Buffer { output.append(contentsOf: $0) }
            HTMLEscaping.append(line, to: &output)
            output.append(contentsOf: "</p>".utf8)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Lines grouped into paragraphs (one line each) and lists (consecutive item lines).
    private static func blocks(_ lines: [String]) -> [[String]] {
        var blocks: [[String]] = []
        var previousWasItem = false
        for line in lines {
            let isItem = isListItem(line)
            if isItem && previousWasItem {
                blocks[blocks.count - 1].append(line)
            } else {
                blocks.append([line])
            }
            previousWasItem = isItem
        }
        return blocks
    }

    /// `- `, `* `, `+ `, or a number of up to three digits with `.` or `)`, then any white
    /// space: a year that starts a line (`1900. 4. 14.`) stays text.
    private static func isListItem(_ line: String) -> Bool {
        let utf8 = line.utf8
        var index = utf8.startIndex
        guard index != utf8.endIndex else { return false }
        switch utf8[index] {
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            index = utf8.index(after: index)
        default:
            let digits = leadingDigits(line)
            index = digits.end
            guard (1...3).contains(digits.count), index != utf8.endIndex,
                  utf8[index] == UInt8(ascii: ".") || utf8[index] == UInt8(ascii: ")") else { return false }
            index = utf8.index(after: index)
        }
        return index != utf8.endIndex && line.unicodeScalars[index].properties.isWhitespace
    }

    /// `1900.` as `1900\.`, so that Ink reads the number as text: a line that starts with
    /// ASCII digits and `.` or `)` gets a backslash before the mark.
    private static func escapingNumber(_ line: String) -> String {
        let digits = leadingDigits(line)
        let utf8 = line.utf8
        guard digits.count > 0, digits.end != utf8.endIndex,
              utf8[digits.end] == UInt8(ascii: ".") || utf8[digits.end] == UInt8(ascii: ")") else { return line }
        return String(line[..<digits.end]) + "\\" + String(line[digits.end...])
    }

    private static func leadingDigits(_ line: String) -> (count: Int, end: String.Index) {
        let utf8 = line.utf8
        var index = utf8.startIndex
        var count = 0
        while index != utf8.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[index]) {
            count += 1
            index = utf8.index(after: index)
        }
        return (count, index)
    }

    private static func needsMarkdown(_ text: String, _ lines: [String]) -> Bool {
        lines.contains(where: isListItem) || hasMarkdownCharacter(text)
    }

    /// Whether the text has one of * _ [ ` \ # as a character of its own: one joined to a
    /// combining mark (`*\u{301}`) is another character, and stays text.
    private static func hasMarkdownCharacter(_ text: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes in
            func isBoundary(_ offset: Int) -> Bool {
                String.Index(text.utf8.index(text.utf8.startIndex, offsetBy: offset), within: text) != nil
            }
            for offset in bytes.indices {
                switch bytes[offset] {
                case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "`"), UInt8(ascii: "\\"), UInt8(ascii: "#"):
                    // Only a scalar past ASCII may join the mark to its neighbours.
                    if offset > 0, bytes[offset - 1] >= 0x80, !isBoundary(offset) { continue }
                    if offset + 1 < bytes.count, bytes[offset + 1] >= 0x80, !isBoundary(offset + 1) { continue }
                    return true
                default:
                    continue
                }
            }
            return false
        }
        if let found { return found }
        var contiguous = text
        contiguous.makeContiguousUTF8()
        return hasMarkdownCharacter(contiguous)
    }

    /// Made for each text: Ink's parser is not Sendable, and making one costs little.
    private static var parser: MarkdownParser { MarkdownParser(modifiers: [
        // Only web and mail links; anything else (javascript:, data:) keeps its text only.
        Modifier(target: .links) { html, markdown in
            let href = html.range(of: #"href="[^"]*""#, options: .regularExpression).map { String(html[$0]) } ?? ""
            let safe = ["href=\"https://", "href=\"http://", "href=\"mailto:"].contains { href.hasPrefix($0) }
            return safe ? html : bracketed(markdown, open: "[")
        },
        Modifier(target: .images) { _, markdown in bracketed(markdown, open: "![") },
        // Ink's own markup, already escaped, with its tags taken off and a paragraph's put on.
        Modifier(target: .headings) { html, _ in "<p><strong>" + stripTags(html) + "</strong></p>" },
        Modifier(target: .html) { _, markdown in HTMLEscaping.escape(String(markdown)) },
        Modifier(target: .inlineCode) { html, _ in escapedOnce(code: html) },
        Modifier(target: .codeBlocks) { html, _ in escapedOnce(code: html) },
    ]) }

    /// Ink escapes code as it reads it, but the text it reads is escaped already, so `<b>`
    /// came out as `&amp;lt;b&amp;gt;` and readers saw `&lt;b&gt;`. What Ink read has no
    /// `<` or `>`, and each `&` starts an escape of ours, so Ink's only change was `&` to
    /// `&amp;`: undoing it inside the `<code>` element leaves the code escaped exactly once.
    private static func escapedOnce(code html: String) -> String {
        guard let open = html.range(of: "<code"), let start = html[open.upperBound...].firstIndex(of: ">"),
              let close = html.range(of: "</code>", options: .backwards), start < close.lowerBound else { return html }
        let content = html[html.index(after: start)..<close.lowerBound].replacingOccurrences(of: "&amp;", with: "&")
        return String(html[...start]) + content + String(html[close.lowerBound...])
    }

    /// The text between `open` and `](` of a Markdown link or image.
    private static func bracketed(_ markdown: Substring, open: String) -> String {
        guard markdown.hasPrefix(open), let end = markdown.range(of: "](") else { return String(markdown) }
        return String(markdown[markdown.index(markdown.startIndex, offsetBy: open.count)..<end.lowerBound])
    }

    private static func stripTags(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
