/// A bar chart drawn as SVG on the server: no script, nothing fetched, and colours from
/// `currentColor`, so it follows the studio's light and dark themes. It is a picture of the
/// table printed beside it, which is what a screen reader reads: the SVG names its heading
/// and says it shows that table.
enum BarChart {
    /// Horizontal bars, one a row, the label before each and the number after it.
    static func horizontal(_ bars: [UsageReport.Bar], labelledBy heading: String) -> String {
        guard !bars.isEmpty else { return "" }
        let rowHeight = 22, labelWidth = 200, barWidth = 320, numberWidth = 70
        let width = labelWidth + barWidth + numberWidth
        let height = bars.count * rowHeight
        let largest = max(1, bars.map(\.value).max() ?? 1)
        var shapes = ""
        for (index, bar) in bars.enumerated() {
            let y = index * rowHeight
            let length = bar.value == 0 ? 0 : max(1, bar.value * barWidth / largest)
            let label = bar.label.count > 28 ? String(bar.label.prefix(27)) + "…" : bar.label
            shapes += "<text x=\"\(labelWidth - 6)\" y=\"\(y + 15)\" text-anchor=\"end\">\(StudioPages.escape(label))</text>"
            shapes += "<rect x=\"\(labelWidth)\" y=\"\(y + 4)\" width=\"\(length)\" height=\"\(rowHeight - 8)\" fill=\"currentColor\" fill-opacity=\"0.7\"/>"
            shapes += "<text x=\"\(labelWidth + length + 6)\" y=\"\(y + 15)\">\(bar.value)</text>"
        }
        return svg(width: width, height: height, heading: heading, shapes: shapes)
    }

    /// Columns in order (the days of a range), labelled at the first, the last and every
    /// seventh, so that a year's columns stay readable.
    static func columns(_ bars: [UsageReport.Bar], labelledBy heading: String) -> String {
        guard !bars.isEmpty else { return "" }
        let plotHeight = 160, labelHeight = 34, width = 640
        let step = max(2.0, Double(width) / Double(bars.count))
        let largest = max(1, bars.map(\.value).max() ?? 1)
        var shapes = "<text x=\"0\" y=\"12\">\(largest)</text>"
        for (index, bar) in bars.enumerated() {
            let height = bar.value == 0 ? 0 : max(1, bar.value * (plotHeight - 20) / largest)
            let x = Double(index) * step
            shapes += "<rect x=\"\(format(x))\" y=\"\(plotHeight - height)\" width=\"\(format(max(1, step - 1)))\" height=\"\(height)\" fill=\"currentColor\" fill-opacity=\"0.7\"/>"
            if index == 0 || index == bars.count - 1 || (bars.count > 14 && index % 7 == 0 && index < bars.count - 4) {
                shapes += "<text x=\"\(format(x))\" y=\"\(plotHeight + 24)\">\(StudioPages.escape(String(bar.label.suffix(5))))</text>"
            }
        }
        shapes += "<line x1=\"0\" y1=\"\(plotHeight)\" x2=\"\(width)\" y2=\"\(plotHeight)\" stroke=\"currentColor\"/>"
        return svg(width: width + 40, height: plotHeight + labelHeight, heading: heading, shapes: shapes)
    }

    private static func svg(width: Int, height: Int, heading: String, shapes: String) -> String {
        "<svg class=\"chart\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" role=\"img\" "
            + "aria-labelledby=\"\(heading)\" font-size=\"12\" fill=\"currentColor\">\(shapes)</svg>"
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
