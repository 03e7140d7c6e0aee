import Foundation
import SitegenModel

/// Month calendars of every day built, newest month first: 토 blue, 일 and holidays red,
/// each day tinted by its top-10 audience and labelled with its #1.
enum ArchivePage {
    static func context(_ site: SiteModel) -> [String: Any] {
        let route = Route.archive
        guard let first = site.days.first?.date, let last = site.days.last?.date else {
            return site.base(route, title: "날짜별 보기", description: "날짜별 박스오피스", kind: "archive")
        }
        let maxTotal = max(1, site.days.map { $0.entries.reduce(Int64(0)) { $0 + $1.audience } }.max() ?? 1)
        var months: [[String: Any]] = []
        var month = last.firstOfMonth
        while month >= first.firstOfMonth {
            var cells: [[String: Any]] = Array(repeating: ["blank": true], count: month.weekday)
            for n in 0..<month.daysInMonth {
                let d = month.adding(days: n)
                let holiday = KoreanHolidays.name(of: d)
                var cell: [String: Any] = ["day": d.day, "weekday": holiday != nil ? "holiday" : ["sun", "", "", "", "", "", "sat"][d.weekday],
                                           "label": KoreanFormat.longDate(d)]
                if let holiday { cell["holiday"] = holiday }
                if let i = site.dayIndex[d] {
                    let chart = site.days[i]
                    if let top = chart.entries.first {
                        let total = chart.entries.reduce(Int64(0)) { $0 + $1.audience }
                        cell["href"] = Route.day(d).href(from: route)
                        cell["top"] = top.title
                        cell["total"] = KoreanFormat.people(total, compact: true)
                        cell["tint"] = 1 + min(3, Int(Double(total) / Double(maxTotal) * 4))
                    } else {
                        cell["href"] = Route.day(d).href(from: route)
                        cell["empty"] = true
                    }
                } else {
                    cell["outside"] = true
                }
                cells.append(cell)
            }
            while cells.count % 7 != 0 { cells.append(["blank": true]) }
            let weeks = stride(from: 0, to: cells.count, by: 7).map { ["days": Array(cells[$0..<$0 + 7])] }
            months.append(["name": KoreanFormat.month(month), "id": String(format: "m%04d-%02d", month.year, month.month), "weeks": weeks])
            month = month.adding(days: -1).firstOfMonth
        }
        let range = "\(KoreanFormat.longDate(first)) – \(KoreanFormat.longDate(last))"
        return site.base(route, title: "날짜별 보기", description: "\(range) 일별 박스오피스 달력", kind: "archive")
            .merging(["archive": ["months": months, "range": range, "dayCount": site.days.count]]) { a, _ in a }
    }
}
