import ExpoSite
import Foundation

/// A bar chart drawn as SVG on the server: no script, nothing fetched, and colours from
/// `currentColor`, so it follows the studio's light and dark themes. It is a picture of the
/// table printed beside it, which is what a screen reader reads: the SVG names its heading
/// and says it shows that table. The shapes' places are worked out here; the markup is in
/// the templates `bar-chart` and `column-chart`.
struct BarChart: TemplateObject {
    struct Shape: TemplateObject {
        let x: String
        let y: String
        let width: String
        let height: String
        let label: String?
        /// Where the number or the date stands.
        let textX: String
        let textY: String
        let number: String?
        static let templateFields: TemplateFields<Self> = [
            .field("x", \.x), .field("y", \.y), .field("width", \.width), .field("height", \.height), .field("label", \.label),
            .field("textX", \.textX), .field("textY", \.textY), .field("number", \.number),
        ]
    }

    let width: String
    let height: String
    let labelledBy: String
    let shapes: [Shape]
    /// The columns' chart: its largest value at the top, and the axis.
    let largest: String?
    let axisY: String?
    let axisEnd: String?
    let labelX: String

    /// Horizontal bars, one a row, the label before each and the number after it.
    static func horizontal(_ bars: [UsageReport.Bar], labelledBy heading: String) -> BarChart? {
        guard !bars.isEmpty else { return nil }
        let rowHeight = 22, labelWidth = 200, barWidth = 320, numberWidth = 70
        let largest = max(1, bars.map(\.value).max() ?? 1)
        let shapes = bars.enumerated().map { index, bar in
            let y = index * rowHeight
            let length = bar.value == 0 ? 0 : max(1, bar.value * barWidth / largest)
            return Shape(x: String(labelWidth), y: String(y + 4), width: String(length), height: String(rowHeight - 8),
                         label: bar.label.count > 28 ? String(bar.label.prefix(27)) + "…" : bar.label,
                         textX: String(labelWidth + length + 6), textY: String(y + 15), number: String(bar.value))
        }
        return BarChart(width: String(labelWidth + barWidth + numberWidth), height: String(bars.count * rowHeight), labelledBy: heading,
                        shapes: shapes, largest: nil, axisY: nil, axisEnd: nil, labelX: String(labelWidth - 6))
    }

    /// Columns in order (the days of a range), labelled at the first, the last and every
    /// seventh, so that a year's columns stay readable. A column is at most 24 units wide,
    /// so that a range of a few days does not draw blocks the width of the chart.
    static func columns(_ bars: [UsageReport.Bar], labelledBy heading: String) -> BarChart? {
        guard !bars.isEmpty else { return nil }
        let plotHeight = 160, labelHeight = 34, width = 640
        let step = min(24, max(2.0, Double(width) / Double(bars.count)))
        let largest = max(1, bars.map(\.value).max() ?? 1)
        let shapes = bars.enumerated().map { index, bar in
            let height = bar.value == 0 ? 0 : max(1, bar.value * (plotHeight - 20) / largest)
            let x = Double(index) * step
            let labelled = index == 0 || index == bars.count - 1 || (bars.count > 14 && index % 7 == 0 && index < bars.count - 4)
            return Shape(x: format(x), y: String(plotHeight - height), width: format(max(1, step - 1)), height: String(height),
                         label: labelled ? String(bar.label.suffix(5)) : nil, textX: format(x), textY: String(plotHeight + 24), number: nil)
        }
        return BarChart(width: String(width + 40), height: String(plotHeight + labelHeight), labelledBy: heading, shapes: shapes,
                        largest: String(largest), axisY: String(plotHeight), axisEnd: String(width), labelX: "0")
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }

    static let templateFields: TemplateFields<Self> = [
        .field("width", \.width), .field("height", \.height), .field("labelledBy", \.labelledBy), .field("shapes", \.shapes),
        .field("largest", \.largest), .field("axisY", \.axisY), .field("axisEnd", \.axisEnd), .field("labelX", \.labelX),
    ]
}
