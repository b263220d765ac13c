import BehaviorLog

/// A hand-written stand-in for generated code, so the runtime's tests do not depend on loggen.
enum RecipeSearch: LogEvent, Equatable {
    case search(keyword: String, order: String)
    case selectRecipe(recipeID: Int64, position: Int)
    case signIn(email: String, userID: Int64)

    static var categoryName: String { "recipe_search" }

    var eventName: String {
        switch self {
        case .search: "search"
        case .selectRecipe: "select_recipe"
        case .signIn: "sign_in"
        }
    }

    var payload: LogPayload {
        switch self {
        case .search(let keyword, let order):
            var payload = LogPayload([("keyword", .string(keyword)), ("order", .string(order))])
            if keyword.utf8.count > 16 {
                payload = LogPayload(
                    [("keyword", .string(String(keyword.prefix(16)))), ("order", .string(order))],
                    violations: [ConstraintViolation(field: "keyword", kind: .maxLength, detail: "\(keyword.utf8.count) bytes, limit 16")])
            }
            return payload
        case .selectRecipe(let recipeID, let position):
            return LogPayload([("recipe_id", .integer(recipeID)), ("position", .integer(Int64(position)))])
        case .signIn(let email, let userID):
            return LogPayload([("email", .string(email)), ("user_id", .integer(userID))])
        }
    }

    var personalDataFields: [String] {
        switch self {
        case .signIn: ["email"]
        default: []
        }
    }
}
