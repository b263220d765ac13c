import BehaviorLog
import Foundation
import LogCore
import LogStore
import RecipeAppTypes
import RecipeLogs

/// Simulates people using the sample recipe app: sessions of searches, recipe views,
/// saves, banners and posts, each event with the session's common payload.
///
/// The same seed gives the same events in the same order, so a run can be replayed and
/// compared (the crash tests do). Times inside payloads come from a simulated clock that
/// starts at 2026-11-30 09:00 UTC; the envelope's time is the real one.
public struct SessionSimulator: Sendable {
    /// One simulated event and the common payload it is posted with.
    public struct Step: Sendable {
        public var common: CommonPayload
        public var event: any LogEvent
    }

    private var random: DemoRandom
    private var common: CommonPayload
    private var remainingInSession = 0
    private var clock: Date
    private var keyword = "egg"
    private var recipeID: Int64 = 1
    /// Sessions started so far.
    public private(set) var sessions = 0

    static let keywords = [
        "egg", "miso soup", "curry", "pancake", "tofu", "karaage", "gyoza", "omurice", "ramen", "salad",
        "cheesecake", "udon", "spinach", "salmon", "onigiri", "tamagoyaki", "matcha", "pudding",
    ]
    static let ingredients = ["egg", "soy sauce", "mirin", "sugar", "rice", "nori", "butter", "flour", "milk", "dashi"]
    static let nicknames = ["Aiko", "Kenji", "Mika", "Taro", "Yui", nil]

    public init(seed: UInt64) {
        random = DemoRandom(seed: seed)
        clock = Date(timeIntervalSince1970: 1_796_029_200)  // 2026-11-30T09:00:00Z
        // Replaced by the first session; valid, since a common payload is checked when built.
        common = CommonPayload(deviceId: "0", appVersion: "3.12.0", osVersion: "iOS 18.1", deviceKind: .phone)
    }

    /// The next event, with the session's common payload.
    public mutating func next() -> Step {
        let event = nextEvent()
        return Step(common: common, event: event)
    }

    /// The next event alone (the same sequence as ``next()``), for a caller that keeps its
    /// own common payload: the benchmarks, which would otherwise copy one per event.
    public mutating func nextEvent() -> any LogEvent {
        if remainingInSession == 0 { startSession() }
        remainingInSession -= 1
        clock.addTimeInterval(Double(random.int(1...20)))
        if random.chance(0.05) { common.network = random.pick([.wifi, .cellular, .offline]) }
        return makeEvent()
    }

    private mutating func startSession() {
        sessions += 1
        remainingInSession = random.int(5...40)
        clock.addTimeInterval(Double(random.int(60...3600)))
        let device = (0..<4).map { _ in String(random.next() & 0xFFFF_FFFF, radix: 16, uppercase: true) }.joined(separator: "-")
        common = CommonPayload(
            userId: random.chance(0.7) ? Int64(random.int(1...50_000)) : nil,
            deviceId: device,
            appVersion: random.pick(["3.12.0", "3.11.2", "3.10.0"]),
            osVersion: random.pick(["iOS 18.1", "iOS 17.6", "Android 15"]),
            deviceKind: random.pick([.phone, .phone, .phone, .tablet, .unknown]),
            network: random.pick([.wifi, .cellular, nil]))
    }

    private mutating func makeEvent() -> any LogEvent {
        switch random.int(0..<100) {
        case 0..<22:
            keyword = random.pick(Self.keywords)
            // Now and then the app has a bug: page 0 (the definition says 1...1000), so the
            // log is clamped and its envelope records the violation.
            let page = random.chance(0.01) ? 0 : Int32(random.int(1...5))
            // A filter is on or off: each at most once, in the order the screen lists them.
            let filters = SearchFilter.allCases.filter { _ in random.int(0...2) == 0 }
            return RecipeSearch.search(keyword: keyword, order: random.pick(SearchOrder.allCases), filters: filters, page: page)
        case 22..<38:
            recipeID = Int64(random.int(1_000...99_999))
            return RecipeSearch.tapSearchResult(recipeId: recipeID, position: Int16(random.int(1...30)), keyword: keyword)
        case 38..<54:
            return RecipeDetail.show(
                recipeId: recipeID, referrer: random.pick([.search, .home, .userPost, .deepLink]),
                rating: random.chance(0.8) ? Double(random.int(10...50)) / 10 : nil, openedAt: clock)
        case 54..<62:
            return RecipeDetail.tapStepPhoto(recipeId: recipeID, stepNumber: Int16(random.int(1...12)))
        case 62..<68:
            return RecipeDetail.saveRecipe(
                recipeId: recipeID, folderIds: random.chance(0.5) ? nil : (0..<random.int(1...3)).map { _ in Int64(random.int(1...500)) })
        case 68..<78:
            return HomeBanner.showBanner(
                bannerId: Int64(random.int(1...40)), placement: random.pick(BannerPlacement.allCases),
                position: Int16(random.int(1...10)), campaignCode: random.pick(["WINTER_2026", "NEW_USER", "MISO_WEEK"]))
        case 78..<83:
            // The simulated clock's UTC day, by arithmetic: a Calendar per event cost the
            // benchmark's posting thread more than some filters.
            let day = CivilTime(microseconds: UnixTime.microseconds(clock))
            return HomeBanner.tapBanner(
                bannerId: Int64(random.int(1...40)), campaignCode: random.pick(["WINTER_2026", "NEW_USER"]),
                visibleRatio: Float(random.int(10...100)) / 100, shownAt: clock.addingTimeInterval(-5),
                shownOn: LogDate(year: day.year, month: day.month, day: day.day)!, seenBefore: random.chance(0.3))
        case 83..<91:
            return UserPostDetail.show(
                postId: Int64(random.int(1...90_000)), recipeId: recipeID,
                mediaKinds: (0..<random.int(1...4)).map { _ in random.pick(MediaKind.allCases) },
                ingredientNames: (0..<random.int(1...6)).map { _ in random.pick(Self.ingredients) },
                authorNickname: random.pick(Self.nicknames))
        case 91..<97:
            return UserPostDetail.tapMedia(
                postId: Int64(random.int(1...90_000)), position: Int16(random.int(1...4)), mediaKind: random.pick(MediaKind.allCases))
        default:
            return UserPostDetail.tapShowMore(postId: Int64(random.int(1...90_000)), hiddenLineCount: Int32(random.int(1...200)), commentExcerpt: nil)
        }
    }
}

/// The simulation's draws, from SplitMix64: the same seed replays a run exactly.
struct DemoRandom: Sendable {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(state: seed) }

    mutating func next() -> UInt64 { generator.next() }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func int(_ range: Range<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(0..<elements.count)]
    }
}
