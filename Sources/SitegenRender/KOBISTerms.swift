import Foundation

/// KOBIS's Korean terms for genres, countries and ratings in English, for the English edition: a
/// fixed table (KOBIS's own code lists), never machine translation. A term the table lacks is kept
/// in Korean, and the page marks it `lang="ko"`.
enum KOBISTerms {
    static let genres: [String: String] = [
        "드라마": "Drama", "코미디": "Comedy", "액션": "Action", "멜로/로맨스": "Romance", "스릴러": "Thriller",
        "미스터리": "Mystery", "공포(호러)": "Horror", "어드벤처": "Adventure", "범죄": "Crime", "가족": "Family",
        "판타지": "Fantasy", "SF": "Sci-fi", "서부극(웨스턴)": "Western", "사극": "Period drama",
        "애니메이션": "Animation", "다큐멘터리": "Documentary", "전쟁": "War", "뮤지컬": "Musical",
        "성인물(에로)": "Adult", "공연": "Performance", "기타": "Other",
    ]

    static let nations: [String: String] = [
        "한국": "South Korea", "미국": "USA", "일본": "Japan", "중국": "China", "영국": "UK", "프랑스": "France",
        "독일": "Germany", "홍콩": "Hong Kong", "대만": "Taiwan", "캐나다": "Canada", "호주": "Australia",
        "스페인": "Spain", "이탈리아": "Italy", "인도": "India", "러시아": "Russia", "태국": "Thailand",
        "뉴질랜드": "New Zealand", "벨기에": "Belgium", "덴마크": "Denmark", "스웨덴": "Sweden", "노르웨이": "Norway",
        "아일랜드": "Ireland", "멕시코": "Mexico", "브라질": "Brazil", "아르헨티나": "Argentina",
        "네덜란드": "Netherlands", "오스트리아": "Austria", "스위스": "Switzerland", "폴란드": "Poland",
        "체코": "Czech Republic", "핀란드": "Finland", "이란": "Iran", "이스라엘": "Israel", "터키": "Turkey",
        "베트남": "Vietnam", "인도네시아": "Indonesia", "필리핀": "Philippines", "싱가포르": "Singapore",
        "말레이시아": "Malaysia", "헝가리": "Hungary", "그리스": "Greece", "남아프리카공화국": "South Africa",
    ]

    static let grades: [String: String] = [
        "전체관람가": "All ages", "12세이상관람가": "12+", "12세관람가": "12+", "15세이상관람가": "15+",
        "15세관람가": "15+", "청소년관람불가": "Adults only (19+)", "18세관람가": "18+", "제한상영가": "Restricted",
    ]

    static func genre(_ korean: String) -> String? { genres[korean] }
    static func nation(_ korean: String) -> String? { nations[korean] }
    static func grade(_ korean: String) -> String? { grades[korean.replacingOccurrences(of: " ", with: "")] }
}
