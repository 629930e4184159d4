import Foundation

/// What `museum.json` says about the museum whose exhibitions a folder holds: its name and a
/// few words in each language, and the order its exhibitions are listed in. Each part is
/// optional; without the file the front page lists the exhibitions by their own titles.
///
/// ```json
/// { "language": "ko",
///   "name": { "ko": "대한제국 박물관", "en": "Museum of the Korean Empire" },
///   "text": { "ko": "…", "en": "…" },
///   "order": ["permanent", "korea-1900"] }
/// ```
public struct MuseumDescription: Sendable, Equatable {
    /// The front page's first language, at `/`; else the first exhibition's.
    public var language: Language?
    public var name: [Language: String] = [:]
    public var text: [Language: String] = [:]
    /// Exhibitions named here come first in each part of the front page, in this order.
    public var order: [String] = []

    public init(language: Language? = nil, name: [Language: String] = [:], text: [Language: String] = [:], order: [String] = []) {
        self.language = language
        self.name = name
        self.text = text
        self.order = order
    }

    /// Reads the file, adding what is wrong with it to `diagnostics` (named by file and key);
    /// whatever can be read is kept.
    static func read(_ url: URL, diagnostics: inout [Diagnostic]) -> MuseumDescription {
        let file = MuseumFolder.fileName
        let value: JSONValue
        do {
            let data = try Data(contentsOf: url)
            guard data.count <= 1 << 20 else {
                diagnostics.append(Diagnostic(.error, file: file, "is larger than 1 MB; it holds a name, a few words and an order"))
                return MuseumDescription()
            }
            value = try JSONParser.parse(Array(data))
        } catch let error as JSONSyntaxError {
            diagnostics.append(Diagnostic(.error, file: file, place: ":\(error.line):\(error.column)", error.message))
            return MuseumDescription()
        } catch {
            diagnostics.append(Diagnostic(.error, file: file, "cannot be read: \(error.localizedDescription)"))
            return MuseumDescription()
        }
        guard case let .object(members) = value else {
            diagnostics.append(Diagnostic(.error, file: file, "must be an object with name, text and order, not \(value.kindDescription)"))
            return MuseumDescription()
        }
        var description = MuseumDescription()
        for (key, member) in members {
            switch key {
            case "language":
                if case let .string(code) = member, Language.isValidCode(code) {
                    description.language = Language(code)
                } else {
                    diagnostics.append(Diagnostic(.error, file: file, place: ".language", "must be a language code such as \"ko\" or \"en\""))
                }
            case "name", "text":
                let texts = byLanguage(member, key: key, diagnostics: &diagnostics)
                if key == "name" { description.name = texts } else { description.text = texts }
            case "order":
                guard case let .array(items) = member else {
                    diagnostics.append(Diagnostic(.error, file: file, place: ".order", "must be a list of the exhibitions' folder names, not \(member.kindDescription)"))
                    continue
                }
                for (index, item) in items.enumerated() {
                    if case let .string(name) = item, !description.order.contains(name) {
                        description.order.append(name)
                    } else if case .string = item {
                        diagnostics.append(Diagnostic(.warning, file: file, place: ".order[\(index)]", "names an exhibition given before; the first place is kept"))
                    } else {
                        diagnostics.append(Diagnostic(.error, file: file, place: ".order[\(index)]", "must be a folder's name, not \(item.kindDescription)"))
                    }
                }
            default:
                diagnostics.append(Diagnostic(.warning, file: file, place: ".\(key)", "is not read (the file has language, name, text and order)"))
            }
        }
        return description
    }

    private static func byLanguage(_ value: JSONValue, key: String, diagnostics: inout [Diagnostic]) -> [Language: String] {
        let file = MuseumFolder.fileName
        guard case let .object(members) = value else {
            diagnostics.append(Diagnostic(.error, file: file, place: ".\(key)",
                                          "must be an object of texts by language code, such as {\"ko\": \"…\", \"en\": \"…\"}, not \(value.kindDescription)"))
            return [:]
        }
        var texts: [Language: String] = [:]
        for (code, text) in members {
            guard Language.isValidCode(code) else {
                diagnostics.append(Diagnostic(.error, file: file, place: ".\(key).\(code)", "is not a language code such as \"ko\" or \"en\""))
                continue
            }
            guard case let .string(words) = text, !words.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                let what = if case .string = text { "is empty" } else { "must be text, not \(text.kindDescription)" }
                diagnostics.append(Diagnostic(.error, file: file, place: ".\(key).\(code)", what))
                continue
            }
            texts[Language(code)] = words.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return texts
    }
}
