/// Takes the external references out of CSS in an SVG (a `<style>` sheet, a `style`
/// attribute, a presentation attribute such as `fill`): a `url(…)` to anything but a
/// `#fragment` or a `data:image/…` picture becomes `none`, as does an `image-set(…)` (or
/// its kin) naming such a file; an `@import` rule is dropped. Everything else is kept as
/// written. The text is read by `CSSTokenizer`, as a browser reads it.
enum CSSReferences {
    /// Functions that take file names as plain strings, not only as `url(…)`.
    static let stringURLFunctions: Set<String> = ["image-set", "-webkit-image-set", "image", "cross-fade", "-webkit-cross-fade", "src"]

    static func withoutExternal(_ css: String) -> (css: String, removed: Int) {
        let text = Array(css.unicodeScalars)
        let tokens = CSSTokenizer.tokens(text)
        var output = String.UnicodeScalarView()
        var removed = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case let .url(target):
                if let target, isSafe(target) {
                    output.append(contentsOf: text[token.range])
                } else {
                    output.append(contentsOf: "none".unicodeScalars)
                    removed += 1
                }
                index += 1
            case let .function(name) where name == "url" || stringURLFunctions.contains(name):
                let end = endOfFunction(tokens, text, from: index)
                let inside = tokens[index + 1..<max(index + 1, end - 1)]
                if name == "url" ? isSafeQuotedURL(inside) : inside.allSatisfy(isSafeReference) {
                    output.append(contentsOf: text[token.range.lowerBound..<tokens[end - 1].range.upperBound])
                } else {
                    output.append(contentsOf: "none".unicodeScalars)
                    removed += 1
                }
                index = end
            case .atKeyword("import"):
                // Up to and with its `;`: the rule loads another style sheet.
                index += 1
                while index < tokens.count && !(tokens[index].kind == .other && text[tokens[index].range.lowerBound] == ";") { index += 1 }
                index += 1
                removed += 1
            default:
                output.append(contentsOf: text[token.range])
                index += 1
            }
        }
        return (String(output), removed)
    }

    /// Whether a URL stays in the file (`#clip`) or is a picture carried in it.
    static func isSafe(_ url: String) -> Bool {
        let target = url.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return target.isEmpty || target.hasPrefix("#") || target.hasPrefix("data:image/")
    }

    /// `url( "…" )`: nothing but one safe string between the parentheses.
    private static func isSafeQuotedURL(_ tokens: ArraySlice<CSSTokenizer.Token>) -> Bool {
        let meaningful = tokens.filter { $0.kind != .whitespace }
        guard meaningful.count == 1, case let .string(value, bad: false) = meaningful[0].kind else { return false }
        return isSafe(value)
    }

    /// A token inside `image-set(…)`: any string or URL in it must be safe.
    private static func isSafeReference(_ token: CSSTokenizer.Token) -> Bool {
        switch token.kind {
        case let .string(value, _): isSafe(value)
        case let .url(target): target.map(isSafe) ?? false
        case let .function(name): name != "url" && !stringURLFunctions.contains(name)
        default: true
        }
    }

    /// The index after the `)` that closes the function token at `start` (or the end).
    private static func endOfFunction(_ tokens: [CSSTokenizer.Token], _ text: [Unicode.Scalar], from start: Int) -> Int {
        var depth = 0
        for index in start..<tokens.count {
            let token = tokens[index]
            let character = text[token.range.lowerBound]
            if case .function = token.kind {
                depth += 1
            } else if token.kind == .other && character == "(" {
                depth += 1
            } else if token.kind == .other && character == ")" {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
        }
        return tokens.count
    }
}
