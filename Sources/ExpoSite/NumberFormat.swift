/// Groups digits by thousands with commas, as both Korean and English write them. Done
/// by hand so the output does not depend on the machine's locale data.
enum NumberFormat {
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}
