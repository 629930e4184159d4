/// Groups digits by thousands with the language's separator (`,` in Korean and English,
/// `.` in German, a narrow space in French). Done by hand so the output does not depend on
/// the machine's locale data.
enum NumberFormat {
    static func grouped(_ number: Int, separator: String = ",") -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += separator }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}
