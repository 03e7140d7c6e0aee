import Foundation
import SitegenModel

/// Month calendars of every day built, newest month first: 토 blue, 일 and holidays red,
/// each day tinted by its top-10 audience and labelled with its #1.
enum ArchivePage {
    static func context(_ site: SiteModel) -> TemplateValue {
        let route = Route.archive
        guard let first = site.days.first?.date, let last = site.days.last?.date else {
            return site.base(route, title: "날짜별 보기", description: "날짜별 박스오피스", kind: "archive")
        }
        let maxTotal = max(1, site.days.map { $0.entries.reduce(Int64(0)) { $0 + $1.audience } }.max() ?? 1)
        var months: [TemplateValue] = []
        var month = last.firstOfMonth
        while month >= first.firstOfMonth {
            var cells: [TemplateValue] = Array(repeating: ["blank": true], count: month.weekday)
            for n in 0..<month.daysInMonth {
                let d = month.adding(days: n)
                let holiday = KoreanHolidays.name(of: d)
                var cell: [String: TemplateValue] = ["day": .int(d.day), "weekday": .text(holiday != nil ? "holiday" : ["sun", "", "", "", "", "", "sat"][d.weekday]),
                                                     "label": .text(KoreanFormat.longDate(d))]
                if let holiday { cell["holiday"] = .text(holiday) }
                if let i = site.dayIndex[d] {
                    let chart = site.days[i]
                    if !chart.entries.isEmpty {
                        let total = chart.entries.reduce(Int64(0)) { $0 + $1.audience }
                        cell["href"] = .text(Route.day(d).href(from: route))
                        // Only the rank-1 film is labelled; a day whose 1위 row was rejected shows none.
                        if let top = chart.first { cell["top"] = .text(top.title) }
                        cell["total"] = .text(KoreanFormat.people(total, compact: true))
                        cell["tint"] = .int(1 + min(3, Int(Double(total) / Double(maxTotal) * 4)))
                    } else {
                        cell["href"] = .text(Route.day(d).href(from: route))
                        cell["empty"] = true
                    }
                } else {
                    cell["outside"] = true
                }
                cells.append(.object(cell))
            }
            while cells.count % 7 != 0 { cells.append(["blank": true]) }
            let weeks: [TemplateValue] = stride(from: 0, to: cells.count, by: 7).map { ["days": .list(Array(cells[$0..<$0 + 7]))] }
            months.append(["name": .text(KoreanFormat.month(month)), "id": .text("m" + month.iso.prefix(7)), "weeks": .list(weeks)])
            month = month.adding(days: -1).firstOfMonth
        }
        let range = "\(KoreanFormat.longDate(first)) – \(KoreanFormat.longDate(last))"
        return site.base(route, title: "날짜별 보기", description: "\(range) 일별 박스오피스 달력", kind: "archive",
                         content: ["archive": ["months": .list(months), "range": .text(range), "dayCount": .int(site.days.count)]])
    }
}
