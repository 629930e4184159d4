/// The scripts whose letters are drawn alike: Latin `a`, `e`, `o`, `p`, `c` have Cyrillic and
/// Greek twins, so a name mixing them can pass for another in the audit log. A name in any
/// one script (Korean, Cyrillic alone, Latin with digits) mixes nothing.
enum NameScript: String {
    case latin = "Latin"
    case cyrillic = "Cyrillic"
    case greek = "Greek"

    /// "Latin and Cyrillic" when `name` holds letters of more than one of these scripts; nil otherwise.
    static func mixture(in name: String) -> String? {
        var found: [NameScript] = []
        for scalar in name.unicodeScalars {
            if let script = of(scalar), !found.contains(script) { found.append(script) }
        }
        guard found.count > 1 else { return nil }
        return found.map(\.rawValue).joined(separator: " and ")
    }

    /// The Unicode blocks of each script's letters (Swift has no script property).
    private static func of(_ scalar: Unicode.Scalar) -> NameScript? {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF:
            guard scalar.properties.isAlphabetic else { return nil }
            return .latin
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F:
            return .cyrillic
        case 0x370...0x3FF, 0x1F00...0x1FFF:
            return .greek
        default:
            return nil
        }
    }
}
