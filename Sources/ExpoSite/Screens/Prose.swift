import Foundation
import Ink

/// A catalog's long text (an exhibit's description, an image's visual description) as
/// HTML. Each line is a paragraph, as the seed apps show it, and a small Markdown subset
/// works: emphasis, links and lists, rendered by Ink. Raw HTML never reaches the page:
/// `&`, `<`, `>` and quotes are escaped before Ink reads the text, so a tag in a catalog
/// shows as the characters it is. With `readAloud`, every paragraph and list item is
/// marked `data-read` for read-aloud.
enum Prose {
    static func html(_ text: String, readAloud: Bool = true) -> HTML {
        let blocks = self.blocks(text)
        let mark = readAloud ? " data-read" : ""
        guard needsMarkdown(text, blocks) else {
            return HTML(blocks.map { "<p\(mark)>\(HTMLEscaping.escape($0.joined()))</p>" }.joined(separator: "\n"))
        }
        let markdown = blocks.map { block in
            // A number that is not a list item here ("1900. 4. 14.") must not become one in Ink.
            let lines = isListItem(block[0]) ? block : block.map {
                $0.replacingOccurrences(of: #"^([0-9]+)([.)])"#, with: "$1\\\\$2", options: .regularExpression)
            }
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
        let blocks = self.blocks(text)
        guard needsMarkdown(text, blocks) else { return blocks.map { $0.joined() } }
        return html(text).markup
            .components(separatedBy: "</p>").map(stripTags).filter { !$0.isEmpty }
    }

    /// Lines grouped into paragraphs (one line each) and lists (consecutive item lines).
    private static func blocks(_ text: String) -> [[String]] {
        var blocks: [[String]] = []
        var previousWasItem = false
        for line in Paragraphs.split(text) {
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

    /// `- `, `* `, `+ `, or a number of up to three digits with `.` or `)`: a year that
    /// starts a line (`1900. 4. 14.`) stays text.
    private static func isListItem(_ line: String) -> Bool {
        line.range(of: #"^([-*+]|[0-9]{1,3}[.)])\s"#, options: .regularExpression) != nil
    }

    private static func needsMarkdown(_ text: String, _ blocks: [[String]]) -> Bool {
        text.contains { "*_[`\\#".contains($0) } || blocks.contains { isListItem($0[0]) }
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
        Modifier(target: .headings) { html, _ in "<p><strong>\(stripTags(html))</strong></p>" },
        Modifier(target: .html) { _, markdown in HTMLEscaping.escape(String(markdown)) },
    ]) }

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
