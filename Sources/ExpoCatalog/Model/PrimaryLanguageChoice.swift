/// The catalog's main language (of its unsuffixed files, served at `/`) and how it was
/// chosen, for the start-up line.
public enum PrimaryLanguageChoice: Sendable, Equatable, CustomStringConvertible {
    /// `"language": "fr"` in the exposition file.
    case setting(Language, file: String)
    /// Read from the text itself (`Hangul letters`).
    case inferred(Language, evidence: String, file: String)
    /// Neither: the seed apps' Korean.
    case assumed

    public var language: Language {
        switch self {
        case let .setting(language, _), let .inferred(language, _, _): language
        case .assumed: CatalogLoader.defaultPrimaryLanguage
        }
    }

    /// "main language French, set in exposition_universelle_1900.json"
    public var description: String {
        let name = language.englishName
        return switch self {
        case let .setting(_, file): "main language \(name), set in \(file)"
        case let .inferred(_, evidence, file): "main language \(name), inferred from the \(evidence) of \(file)"
        case .assumed: "main language \(name), assumed (set \"language\" in the exposition file to choose)"
        }
    }

    /// The choice: the setting when it names a language, else a guess from the text. A
    /// guess never takes a language that has suffixed files of its own.
    static func make(setting: JSONValue?, settingFile: String, text: String, textFile: String,
                     taken: [Language], diagnostics: inout [Diagnostic]) -> PrimaryLanguageChoice {
        switch setting {
        case nil: break
        case let .string(code)? where Language(code).isKnown:
            return .setting(Language(code), file: settingFile)
        case let .string(code)?:
            diagnostics.append(Diagnostic(.error, file: settingFile, place: ".language",
                                          "\"\(code)\" is not a language code; use an ISO 639 code such as \"ko\", \"fr\" or \"pt-BR\""))
        case let other?:
            diagnostics.append(Diagnostic(.error, file: settingFile, place: ".language",
                                          "expected a language code such as \"fr\", found \(other.kindDescription)"))
        }
        guard let guess = LanguageGuess.guess(text) else { return .assumed }
        if taken.contains(where: { $0.primaryCode == guess.language.primaryCode }) {
            diagnostics.append(Diagnostic(.warning, file: textFile,
                "reads as \(guess.language.englishName), which has files of its own; "
                + "\(CatalogLoader.defaultPrimaryLanguage.englishName) is assumed. Set \"language\" in \(settingFile) to say which it is"))
            return .assumed
        }
        return .inferred(guess.language, evidence: guess.evidence, file: textFile)
    }
}
