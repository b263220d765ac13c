import BehaviorLog

/// The screen a recipe was opened from, an external type that
/// `LogDefinitions/recipe_detail.md` names (`referrer: ReferrerScreen`); the app provides it.
public enum ReferrerScreen: String, LogValueConvertible, Sendable {
    case search, home, userPost = "user_post", deepLink = "deep_link"
}
